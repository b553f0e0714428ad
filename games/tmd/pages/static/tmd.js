// The Mystery Dungeons 2e's action line (view.html): the form posts its
// field action.text as a Typed action, which the server reads with no
// script; this only empties the line once the server takes the action.
(function () {
  "use strict";
  if (window.tmdLine) { return; } // view.html includes it on every update
  window.tmdLine = true;
  // The listener goes on the form itself as it posts: an update of the
  // page while it posts replaces the form, and the events of a form no
  // longer in the page do not reach the document. The line (hx-preserve)
  // has moved into the new form meanwhile, so it is found by its id.
  document.addEventListener("htmx:beforeRequest", function (ev) {
    var f = ev.detail.elt;
    if (!f || !f.classList || !f.classList.contains("tmd-form")) { return; }
    f.addEventListener("htmx:afterRequest", function (done) {
      var line = document.getElementById("tmd-line");
      if (done.detail.successful && line && !done.detail.xhr.responseText) { line.value = ""; }
    }, { once: true });
  });
})();
