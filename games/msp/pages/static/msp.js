// musi supa pona's action line (view.html): a form.msp-form posts the
// line's text as a Typed action, {"text": "..."}, which the game reads as
// the action written. The JSON goes in the form's "action" field before
// htmx (or the browser) sends it; the line empties once the server accepts.
(function () {
  "use strict";
  if (window.mspLine) { return; } // view.html includes it on every update
  window.mspLine = true;
  function typed(form) {
    var line = form.querySelector(".msp-line");
    return JSON.stringify({ text: line ? line.value : "" });
  }
  document.addEventListener("submit", function (ev) {
    var f = ev.target;
    if (f.classList && f.classList.contains("msp-form")) {
      f.querySelector("input[name=action]").value = typed(f);
    }
  }, true);
  document.addEventListener("htmx:configRequest", function (ev) {
    var f = ev.detail.elt;
    if (!f || !f.classList || !f.classList.contains("msp-form")) { return; }
    if (ev.detail.parameters.set) {
      ev.detail.parameters.set("action", typed(f));
    } else {
      ev.detail.parameters.action = typed(f);
    }
  });
  document.addEventListener("htmx:afterRequest", function (ev) {
    var f = ev.detail.elt;
    if (ev.detail.successful && f && f.classList && f.classList.contains("msp-form")) {
      var line = f.querySelector(".msp-line");
      if (line && !ev.detail.xhr.responseText) { line.value = ""; }
    }
  });
})();
