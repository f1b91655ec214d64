/**
 * The console's only stylesheet and script, served from /settings/assets so the Content-Security-Policy
 * can forbid inline code. The pages work without the script: it only adds copy buttons beside
 * shown-once secrets (which are selectable read-only fields without it), and keeps live regions (an
 * endpoint's deliveries) current by polling their fragment (without it, the page's Refresh link).
 */
export const CONSOLE_CSS = `
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Arial,sans-serif;margin:0;color:#1b1b1b;background:#fff;line-height:1.5;font-size:16px}
a{color:#0b57d0}a:focus,button:focus,input:focus,select:focus,summary:focus{outline:3px solid #ffbf47;outline-offset:1px}
.skip{position:absolute;left:-999px;top:0;background:#ffbf47;color:#000;padding:8px}.skip:focus{left:8px}
header{background:#16325c;color:#fff;padding:12px 16px}
header .brand{margin:0;font-weight:600}header a{color:#fff}
header .bar{display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:space-between;max-width:1100px;margin:0 auto}
nav ul{list-style:none;margin:8px auto 0;max-width:1100px;padding:0;display:flex;flex-wrap:wrap;gap:4px 16px}
nav a[aria-current]{font-weight:700;text-decoration-thickness:3px}
header form{margin:0;display:inline}
header .who{margin:0}
header button{background:transparent;color:#fff;border:1px solid #fff}
main{max-width:1100px;margin:0 auto;padding:16px}
h1{font-size:26px;margin:8px 0 16px}h2{font-size:20px;margin:28px 0 10px}h3{font-size:17px;margin:16px 0 8px}
table{width:100%;border-collapse:collapse;margin:8px 0 16px}
th,td{text-align:left;padding:8px 6px;border-bottom:1px solid #ddd;vertical-align:top}
.scroll{overflow-x:auto}
.amount{text-align:right;font-variant-numeric:tabular-nums}
label{display:block;font-weight:600;margin:12px 0 4px}
fieldset{border:1px solid #ccc;margin:12px 0;padding:8px 12px}legend{font-weight:600}
fieldset label{font-weight:400;display:flex;gap:8px;align-items:center;margin:4px 0}
input[type=text],input[type=email],input[type=url],input[type=datetime-local],input[type=date],select{font:inherit;padding:8px;border:2px solid #555;border-radius:3px;width:100%;max-width:36em}
button,.button{font:inherit;padding:8px 14px;border-radius:3px;border:2px solid #16325c;background:#16325c;color:#fff;cursor:pointer;margin:8px 8px 0 0;display:inline-block;text-decoration:none}
button.secondary{background:#fff;color:#16325c}
button.danger,.button.danger{background:#b3261e;border-color:#b3261e;color:#fff}
.inline{display:inline}
.notice{border-left:6px solid #1d7a3a;background:#eef7f0;padding:10px 14px;margin:12px 0}
.error{border-left:6px solid #b3261e;background:#fdecea;padding:10px 14px;margin:12px 0}
.warning{border-left:6px solid #a15c00;background:#fff4e5;padding:10px 14px;margin:12px 0}
.secret{font-family:ui-monospace,Menlo,Consolas,monospace;width:100%;max-width:48em;padding:8px;border:2px solid #555;font-size:15px}
.mode-live{color:#8a1c13;font-weight:700}.mode-test{color:#0d5e2b;font-weight:700}
.muted{color:#555;font-size:14px}
.badge{display:inline-block;padding:0 6px;border-radius:3px;background:#eee;font-size:14px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
pre{white-space:pre-wrap;word-break:break-word;background:#f6f6f6;padding:8px;max-height:20em;overflow:auto}
@media (max-width:640px){
  table.stack thead{position:absolute;left:-9999px}
  table.stack tr{display:block;border-bottom:2px solid #ccc;padding:6px 0}
  table.stack td,table.stack th{display:block;border:none;padding:2px 0}
  table.stack td[data-label]::before{content:attr(data-label) ": ";font-weight:600}
}
`;

export const CONSOLE_JS = `
document.querySelectorAll('button[data-copy]').forEach(function (button) {
  var field = document.getElementById(button.getAttribute('data-copy'));
  if (!field || !navigator.clipboard) return;
  button.hidden = false;
  button.addEventListener('click', function () {
    navigator.clipboard.writeText(field.value).then(function () {
      var status = document.getElementById(button.getAttribute('data-copy') + '-copied');
      if (status) status.textContent = 'Copied to the clipboard.';
    });
  });
});

document.querySelectorAll('[data-live]').forEach(function (region) {
  var url = region.getAttribute('data-live');
  var every = Number(region.getAttribute('data-interval')) || 3000;
  var said = document.getElementById(region.id + '-updated');
  // What the reader had open or focused survives the swap: open attempt lists, and the focused control.
  function remember() {
    var open = [];
    region.querySelectorAll('li[id] details[open]').forEach(function (d) { open.push(d.closest('li').id); });
    var active = document.activeElement;
    var item = active && region.contains(active) ? active.closest('li[id]') : null;
    return { open: open, focus: item ? { id: item.id, tag: active.tagName } : null };
  }
  function restore(state) {
    state.open.forEach(function (id) {
      var d = document.getElementById(id) && document.getElementById(id).querySelector('details');
      if (d) d.open = true;
    });
    if (state.focus) {
      var li = document.getElementById(state.focus.id);
      var el = li && li.querySelector(state.focus.tag.toLowerCase());
      if (el) el.focus();
    }
  }
  function poll() {
    if (document.hidden) return setTimeout(poll, every);
    fetch(url, { credentials: 'same-origin', headers: { Accept: 'text/html' } })
      .then(function (res) {
        // Signed out (sent to the sign-in page) or gone: stop; Refresh still works.
        if (!res.ok || res.redirected) return null;
        var version = res.headers.get('X-Deliveries-Version');
        if (version === region.getAttribute('data-version')) return false;
        return res.text().then(function (text) {
          var state = remember();
          region.innerHTML = text;
          region.setAttribute('data-version', version);
          restore(state);
          if (said) said.textContent = 'Deliveries updated at ' + new Date().toLocaleTimeString('en-GB') + '.';
          return true;
        });
      })
      .then(function (more) { if (more !== null) setTimeout(poll, every); },
            function () { setTimeout(poll, every * 2); });
  }
  setTimeout(poll, every);
});
`;
