// The Mystery Dungeons 2e's action line (view.html): the form posts its
// field action.text as a Typed action, which the server reads with no
// script; this only empties the line once the server takes the action.
(function () {
  "use strict";
  if (window.tmdLine) { return; } // view.html includes it on every update
  window.tmdLine = true;
  document.addEventListener("htmx:afterRequest", function (ev) {
    var f = ev.detail.elt;
    if (ev.detail.successful && f && f.classList && f.classList.contains("tmd-form")) {
      // By id: an update of the page while the form was posting replaced
      // the form, and the line (hx-preserve) moved into the new one.
      var line = document.getElementById("tmd-line");
      if (line && !ev.detail.xhr.responseText) { line.value = ""; }
    }
  });
})();
