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
  // The GM's "Import a book file" (form.msp-import) reads the chosen file
  // and posts it as an import-book action, {"book": the file's JSON}, the
  // way htmx posts the action line; the server's answer, if any, goes in
  // #flash. Without script the form posts an empty book, which is refused.
  function flash(html) {
    var f = document.getElementById("flash");
    if (f) { f.innerHTML = html; }
  }
  function escapeHTML(s) {
    return s.replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" }[c];
    });
  }
  document.addEventListener("submit", function (ev) {
    var f = ev.target;
    if (!f.classList || !f.classList.contains("msp-import")) { return; }
    ev.preventDefault();
    ev.stopPropagation();
    var input = f.querySelector("input[type=file]");
    var file = input && input.files && input.files[0];
    if (!file) { flash('<p class="error">choose a book file first</p>'); return; }
    file.text().then(function (text) {
      var book;
      try {
        book = JSON.parse(text);
      } catch (e) {
        flash('<p class="error">' + escapeHTML(file.name) + ' is not a book file: it is not JSON</p>');
        return;
      }
      var body = new URLSearchParams();
      body.set("seq", f.querySelector("input[name=seq]").value);
      body.set("kind", "import-book");
      body.set("action", JSON.stringify({ book: book }));
      // (f.action would be the input named "action".)
      return fetch(f.getAttribute("action"), { method: "POST", body: body, headers: { "HX-Request": "true" } })
        .then(function (resp) {
          if (resp.status === 413) {
            flash('<p class="error">' + escapeHTML(file.name) + ' is too large to import in one action: split the book into smaller files</p>');
            return;
          }
          return resp.text().then(function (answer) {
            flash(answer);
            if (resp.ok) { input.value = ""; }
          });
        });
    }).catch(function () {
      flash('<p class="error">the book file could not be read or sent</p>');
    });
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
