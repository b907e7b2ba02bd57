/* eSpeak NG's API, as the system's libespeak-ng-dev (Debian) or Homebrew's espeak-ng installs it. */
#ifndef LOCUTOR_CESPEAKNG_SHIM_H
#define LOCUTOR_CESPEAKNG_SHIM_H

#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>

#endif
