/// The listening page's inline style sheet and script.
///
/// Both are constants, so their CSP hashes are too and the page stays byte-for-byte the same
/// for the same manifest. Colours meet WCAG AA (text ≥ 4.5:1, borders and focus rings ≥ 3:1) in
/// the light and the dark scheme, and nothing is told by colour alone: a failure says "Not
/// rendered:", the playing region says "Now playing".
enum PageAssets {
    static let style = #"""

        :root {
          color-scheme: light dark;
          --bg: #ffffff; --fg: #1b1b1b; --muted: #4f4f4f; --panel: #f7f7f5; --line: #767676;
          --accent: #0b57d0; --on-accent: #ffffff; --error-bg: #fdeceb; --error-fg: #8c1d18; --playing: #fff5d1;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #141414; --fg: #ececec; --muted: #bdbdbd; --panel: #1f1f1f; --line: #8f8f8f;
            --accent: #8ab4f8; --on-accent: #0b1a33; --error-bg: #3a1614; --error-fg: #ffb4ab; --playing: #332b00;
          }
        }
        *, *::before, *::after { box-sizing: border-box; }
        [hidden] { display: none !important; }
        html { background: var(--bg); color: var(--fg); }
        body { margin: 0; font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif; }
        header, nav, main, footer { max-width: 84rem; margin: 0 auto; padding: 0 1rem; }
        header { padding-top: 1rem; }
        h1 { font-size: 1.6rem; line-height: 1.25; margin: 0.5rem 0; }
        h2 { font-size: 1.3rem; line-height: 1.3; margin: 0; }
        h3 { font-size: 1.05rem; margin: 0 0 0.5rem; }
        a { color: var(--accent); }
        code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.92em; overflow-wrap: anywhere; }
        .muted, .help, .meta, .saved, .sample-id { color: var(--muted); }
        .muted { font-weight: normal; }
        .help, .meta, .saved, .sample-id { font-size: 0.9rem; margin: 0.25rem 0; }
        .facts { margin: 0.25rem 0 0.75rem; }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        main:focus { outline: none; }
        .skip { position: absolute; left: 1rem; top: -10rem; padding: 0.5rem 1rem; background: var(--bg); color: var(--accent); border: 2px solid var(--accent); z-index: 10; }
        .skip:focus { top: 0.5rem; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
        .failures { border: 1px solid var(--error-fg); border-left-width: 6px; background: var(--error-bg); padding: 0.25rem 1rem; margin: 0 0 1rem; }
        .failures p, .failures ul { margin: 0.5rem 0; }
        .failures a { color: inherit; }
        .controls { padding: 0.75rem 0 0.25rem; border-top: 1px solid var(--line); }
        .buttons { display: flex; flex-wrap: wrap; gap: 0.5rem 0.75rem; align-items: center; }
        button { font: inherit; padding: 0.4rem 1rem; border-radius: 6px; border: 2px solid var(--accent); background: var(--bg); color: var(--accent); cursor: pointer; }
        button:hover { text-decoration: underline; }
        #play-all { background: var(--accent); color: var(--on-accent); min-width: 7rem; font-weight: 600; }
        input[type="file"] { font: inherit; font-size: 0.9rem; max-width: 100%; }
        .import { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 0.5rem; margin-left: 0.5rem; }
        .status { min-height: 1.5em; margin: 0.25rem 0; font-weight: 600; }
        nav { padding-bottom: 0.5rem; }
        fieldset { border: 1px solid var(--line); border-radius: 6px; margin: 0; padding: 0.25rem 0.75rem 0.5rem; }
        legend { font-weight: 600; padding: 0 0.25rem; }
        .filter-buttons { margin: 0.5rem 0 0; display: flex; flex-wrap: wrap; gap: 0.5rem; }
        .filter-buttons button { font-size: 0.9rem; padding: 0.15rem 0.75rem; }
        fieldset ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; }
        fieldset li { white-space: nowrap; }
        input[type="checkbox"] { width: 1.1rem; height: 1.1rem; vertical-align: -0.15rem; accent-color: var(--accent); }
        .sample { border-top: 1px solid var(--line); padding: 1.25rem 0 1.5rem; }
        .sample-id { margin-bottom: 0.75rem; }
        .regions { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 19rem), 1fr)); gap: 0.75rem; margin-top: 0.75rem; }
        .region { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 0.75rem; min-width: 0; }
        .region.playing { background: var(--playing); border: 3px solid var(--accent); padding: calc(0.75rem - 2px); }
        .now-playing { display: inline-block; font-size: 0.85rem; font-weight: 600; border: 2px solid currentColor; border-radius: 4px; padding: 0 0.4rem; margin: 0 0 0.5rem; }
        audio { display: block; width: 100%; margin: 0 0 0.5rem; }
        .failed { border-left: 6px solid var(--error-fg); background: var(--error-bg); color: var(--fg); padding: 0.4rem 0.6rem; margin: 0 0 0.5rem; overflow-wrap: anywhere; }
        .failed strong { color: var(--error-fg); }
        dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.2rem 0.75rem; margin: 0.25rem 0; }
        dt { color: var(--muted); font-size: 0.9rem; padding-top: 0.1rem; }
        dd { margin: 0; overflow-wrap: anywhere; }
        .ipa { font-family: "Charis SIL", "Doulos SIL", "DejaVu Sans", "Noto Sans", serif; }
        .ipa .w { white-space: nowrap; }
        .hints { list-style: none; margin: 0; padding: 0; }
        .note { margin-top: 0.5rem; }
        .note label { display: block; font-weight: 600; font-size: 0.95rem; }
        textarea { display: block; width: 100%; min-height: 4.5rem; resize: vertical; font: inherit; padding: 0.4rem; margin-top: 0.2rem; background: var(--bg); color: var(--fg); border: 1px solid var(--line); border-radius: 4px; }
        footer { color: var(--muted); font-size: 0.9rem; border-top: 1px solid var(--line); padding-top: 0.5rem; padding-bottom: 2rem; }
        @media (prefers-reduced-motion: no-preference) { html { scroll-behavior: smooth; } }

        """#

    static let script = #"""

        (function () {
          'use strict';

          var data = JSON.parse(document.getElementById('locutor-data').textContent);
          var catalog = data.catalog;
          var status = document.getElementById('status');
          var entryByKey = {};
          data.entries.forEach(function (entry) { entryByKey[key(entry.id, entry.region)] = entry; });
          document.getElementById('controls').hidden = false;
          document.getElementById('filter').hidden = false;

          function key(id, region) { return JSON.stringify([id, region]); }
          function counted(n, one, many) { return n + ' ' + (n === 1 ? one : many); }
          function each(selector, action) { Array.prototype.forEach.call(document.querySelectorAll(selector), action); }

          // Announcements go to one polite live region.
          function announce(message) { status.textContent = message; }

          // ── Storage: localStorage, or nothing when the browser refuses it ────────────────────────
          var storage = (function () {
            try {
              var s = window.localStorage;
              s.setItem('locutor.probe', '1');
              s.removeItem('locutor.probe');
              return s;
            } catch (error) {
              return null;
            }
          })();
          var storageWarned = false;
          function load(name) {
            if (!storage) return null;
            try {
              var raw = storage.getItem(name);
              return raw === null ? null : JSON.parse(raw);
            } catch (error) {
              return null;
            }
          }
          function save(name, value) {
            if (!storage) return false;
            try {
              if (value === null) storage.removeItem(name); else storage.setItem(name, JSON.stringify(value));
              return true;
            } catch (error) {
              return false;
            }
          }
          function warnStorage() {
            if (storageWarned) return;
            storageWarned = true;
            announce('This browser does not keep notes (storage is off or full): export them before you close the page.');
          }

          // ── Notes: one per sample and region, kept per catalog, saved as you type ───────────────
          var notePrefix = 'locutor.note:';
          var notes = {};
          var fieldByKey = {};
          function noteName(id, region) { return notePrefix + JSON.stringify([catalog, id, region]); }
          function validNote(value) { return value && typeof value.note === 'string' && value.note !== ''; }

          function setNote(id, region, text, edited) {
            var k = key(id, region);
            if (text === '') delete notes[k]; else notes[k] = { note: text, edited: edited };
            if (!save(noteName(id, region), text === '' ? null : notes[k])) warnStorage();
          }

          function showSaved(field) {
            var out = document.getElementById(field.id + '-saved');
            var note = notes[key(field.dataset.id, field.dataset.region)];
            if (!note) { out.textContent = ''; return; }
            var when = new Date(note.edited);
            var stamp = isNaN(when.getTime()) ? '' : ', last edited ' + when.toLocaleString();
            out.textContent = (storage ? 'Saved in this browser' : 'Not saved: export before closing') + stamp + '.';
          }

          each('textarea[data-id]', function (field) {
            var id = field.dataset.id, region = field.dataset.region;
            fieldByKey[key(id, region)] = field;
            var stored = load(noteName(id, region));
            if (validNote(stored)) {
              notes[key(id, region)] = { note: stored.note, edited: String(stored.edited || '') };
              field.value = stored.note;
            }
            showSaved(field);
            field.addEventListener('input', function () {
              setNote(id, region, field.value, new Date().toISOString());
              showSaved(field);
            });
          });

          // Another tab of the same page edited a note.
          window.addEventListener('storage', function (event) {
            if (!event.key || event.key.indexOf(notePrefix) !== 0) return;
            var parts;
            try { parts = JSON.parse(event.key.slice(notePrefix.length)); } catch (error) { return; }
            if (!Array.isArray(parts) || parts[0] !== catalog) return;
            var k = key(parts[1], parts[2]);
            var field = fieldByKey[k];
            if (!field || document.activeElement === field) return;
            var value = null;
            try { value = event.newValue === null ? null : JSON.parse(event.newValue); } catch (error) { return; }
            if (validNote(value)) notes[k] = { note: value.note, edited: String(value.edited || '') }; else delete notes[k];
            field.value = notes[k] ? notes[k].note : '';
            showSaved(field);
          });

          // ── Export and import ────────────────────────────────────────────────────────────────────
          var columns = ['id', 'region', 'input', 'words', 'note', 'edited'];

          function noteRows() {
            var rows = [];
            data.entries.forEach(function (entry) {
              var note = notes[key(entry.id, entry.region)];
              if (!note) return;
              rows.push({ id: entry.id, region: entry.region, input: entry.input, words: entry.words || '', note: note.note, edited: note.edited });
            });
            return rows;
          }

          // RFC 4180: every field quoted, quotes doubled, CRLF after every record. A byte order mark
          // first, so spreadsheets read the file as UTF-8.
          function csv(rows) {
            function field(value) { return '"' + String(value).replace(/"/g, '""') + '"'; }
            var lines = [columns.map(field).join(',')];
            rows.forEach(function (row) { lines.push(columns.map(function (c) { return field(row[c]); }).join(',')); });
            return '\ufeff' + lines.join('\r\n') + '\r\n';
          }

          function fileName(extension) {
            var base = String(catalog).split(/[\\/]/).pop().replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9._-]+/g, '-') || 'catalog';
            return base + '-notes-' + new Date().toISOString().slice(0, 10) + '.' + extension;
          }

          function download(name, type, text) {
            var url = URL.createObjectURL(new Blob([text], { type: type }));
            var link = document.createElement('a');
            link.href = url;
            link.download = name;
            link.hidden = true;
            document.body.appendChild(link);
            link.click();
            link.remove();
            setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
          }

          document.getElementById('export-csv').addEventListener('click', function () {
            var rows = noteRows(), name = fileName('csv');
            download(name, 'text/csv;charset=utf-8', csv(rows));
            announce('Exported ' + counted(rows.length, 'note', 'notes') + ' as ' + name + '.');
          });

          document.getElementById('export-json').addEventListener('click', function () {
            var rows = noteRows(), name = fileName('json');
            var text = JSON.stringify({ format: 1, catalog: catalog, exported: new Date().toISOString(), notes: rows }, null, 2) + '\n';
            download(name, 'application/json', text);
            announce('Exported ' + counted(rows.length, 'note', 'notes') + ' as ' + name + '.');
          });

          // Imports a JSON export: a note replaces this browser's only when it was edited later.
          var importInput = document.getElementById('import-json');
          importInput.addEventListener('change', function () {
            var file = importInput.files && importInput.files[0];
            if (!file) return;
            file.text().then(function (text) {
              var parsed = JSON.parse(text);
              if (!parsed || !Array.isArray(parsed.notes)) throw new Error('it has no list of notes; choose a file made by Export notes as JSON');
              var imported = 0, older = 0, unknown = 0;
              parsed.notes.forEach(function (row) {
                if (!row || typeof row.id !== 'string' || typeof row.region !== 'string' || typeof row.note !== 'string' || row.note === '') { unknown += 1; return; }
                var k = key(row.id, row.region);
                var field = fieldByKey[k];
                if (!entryByKey[k] || !field) { unknown += 1; return; }
                var edited = typeof row.edited === 'string' ? row.edited : '';
                var current = notes[k];
                if (current && current.note === row.note) return;
                if (current && current.edited >= edited) { older += 1; return; }
                setNote(row.id, row.region, row.note, edited);
                field.value = row.note;
                showSaved(field);
                imported += 1;
              });
              var message = 'Imported ' + counted(imported, 'note', 'notes') + ' from ' + file.name + '.';
              if (older) message += ' Kept ' + counted(older, 'note', 'notes') + ' edited later in this browser.';
              if (unknown) message += ' Skipped ' + counted(unknown, 'note', 'notes') + ' for samples not on this page.';
              if (parsed.catalog !== catalog) message += ' The file was exported from catalog ' + parsed.catalog + '.';
              announce(message);
            }).catch(function (error) {
              announce('Could not import ' + file.name + ': ' + error.message + '.');
            }).then(function () {
              importInput.value = '';
            });
          });

          // ── Region filter, remembered per catalog ────────────────────────────────────────────────
          var filterName = 'locutor.hidden-regions:' + JSON.stringify(catalog);
          var boxes = document.querySelectorAll('#region-filter input[type="checkbox"]');
          var shown = document.getElementById('shown');
          var storedHidden = load(filterName);
          Array.prototype.forEach.call(boxes, function (box) {
            box.checked = !(Array.isArray(storedHidden) && storedHidden.indexOf(box.value) >= 0);
            box.addEventListener('change', function () {
              var hidden = applyFilter();
              if (!save(filterName, hidden)) warnStorage();
            });
          });

          function setAll(checked) {
            Array.prototype.forEach.call(boxes, function (box) { box.checked = checked; });
            var hidden = applyFilter();
            if (!save(filterName, hidden)) warnStorage();
            announce(shown.textContent);
          }
          document.getElementById('show-all').addEventListener('click', function () { setAll(true); });
          document.getElementById('hide-all').addEventListener('click', function () { setAll(false); });

          function applyFilter() {
            var hidden = [];
            Array.prototype.forEach.call(boxes, function (box) { if (!box.checked) hidden.push(box.value); });
            each('main .region', function (panel) { panel.hidden = hidden.indexOf(panel.dataset.region) >= 0; });
            var total = 0, visible = 0;
            each('main .sample', function (section) {
              section.hidden = section.querySelector('.region:not([hidden])') === null;
              total += 1;
              if (!section.hidden) visible += 1;
            });
            shown.textContent = hidden.length === 0
              ? 'Showing every region of ' + counted(total, 'sample', 'samples') + '.'
              : 'Showing ' + counted(boxes.length - hidden.length, 'region', 'regions') + ' of ' + boxes.length + ': ' + counted(visible, 'sample', 'samples') + ' of ' + total + '.';
            return hidden;
          }
          applyFilter();

          // ── Play all: the shown recordings, one after another ────────────────────────────────────
          var playButton = document.getElementById('play-all');
          var queue = null, position = -1;
          var badge = document.createElement('p');
          badge.className = 'now-playing';
          badge.textContent = 'Now playing';

          function nameOf(audio) { return audio.getAttribute('aria-label') || audio.getAttribute('src'); }
          function reducedMotion() { return window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches; }

          function mark(audio, on) {
            var panel = audio.closest('.region');
            if (!panel) return;
            panel.classList.toggle('playing', on);
            if (on) panel.querySelector('h3').insertAdjacentElement('afterend', badge); else badge.remove();
          }

          function finish() {
            if (queue && position >= 0 && position < queue.length) mark(queue[position], false);
            queue = null;
            position = -1;
            playButton.textContent = 'Play all';
          }

          function start() {
            var list = Array.prototype.filter.call(document.querySelectorAll('main audio'), function (audio) {
              return audio.closest('[hidden]') === null;
            });
            if (list.length === 0) { announce('Nothing to play: no recording is shown.'); return; }
            queue = list;
            position = -1;
            playButton.textContent = 'Stop';
            advance('');
          }

          function stop(message) {
            if (!queue) return;
            var audio = queue[position];
            finish();
            if (audio) audio.pause();
            announce(message);
          }

          // Plays the next recording; `prefix` says why the last one was skipped.
          function advance(prefix) {
            if (!queue) return;
            if (position >= 0) mark(queue[position], false);
            position += 1;
            if (position >= queue.length) {
              var total = queue.length;
              finish();
              announce(prefix + 'Finished: played ' + counted(total, 'recording', 'recordings') + '.');
              return;
            }
            var audio = queue[position];
            mark(audio, true);
            audio.closest('.region').scrollIntoView({ block: 'nearest', behavior: reducedMotion() ? 'auto' : 'smooth' });
            announce(prefix + 'Playing ' + (position + 1) + ' of ' + queue.length + ': ' + nameOf(audio));
            try { audio.currentTime = 0; } catch (error) { /* not loaded yet: it starts at 0 */ }
            var played = audio.play();
            if (played && typeof played.catch === 'function') {
              played.catch(function (error) {
                if (!queue || queue[position] !== audio) return;
                if (error && error.name === 'NotAllowedError') {
                  stop('The browser did not allow playing: press Play all again.');
                } else if (!error || error.name !== 'AbortError') {
                  skip(audio);
                }
              });
            }
          }

          function skip(audio) {
            if (!queue || queue[position] !== audio) return;
            advance('Could not play ' + nameOf(audio) + ', skipped. ');
          }

          each('main audio', function (audio) {
            audio.addEventListener('ended', function () { if (queue && queue[position] === audio) advance(''); });
            audio.addEventListener('error', function () { skip(audio); });
          });

          // One recording at a time: playing one by hand pauses the others and ends Play all.
          document.addEventListener('play', function (event) {
            var audio = event.target;
            if (queue && queue[position] !== audio) stop('Play all stopped.');
            each('audio', function (other) { if (other !== audio && !other.paused) other.pause(); });
          }, true);

          playButton.addEventListener('click', function () {
            if (queue) stop('Stopped.'); else start();
          });

          document.addEventListener('keydown', function (event) {
            if (event.key === 'Escape' && queue) {
              event.preventDefault();
              stop('Stopped.');
            }
          });
        })();

        """#
}
