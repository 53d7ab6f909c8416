// The policy editor: CodeMirror over the form's textarea (which stays the form field, so Validate and
// Activate work without script) with XML highlighting, line numbers, completion from the policy
// language (policy-schema.js) and the line the node's validation pointed at marked in the gutter.
(function () {
  'use strict';
  var editor = document.getElementById('editor');
  var text = document.getElementById('document');
  if (!editor || !text || !window.CodeMirror) {
    return;
  }
  var errorLine = parseInt(editor.getAttribute('data-error-line'), 10);

  function complete(cm) {
    cm.showHint({ completeSingle: false });
  }

  // After '<', or after a space inside a tag, offer what the schema allows there.
  function completeAfter(cm, pred) {
    if (!pred || pred()) {
      setTimeout(function () {
        if (!cm.state.completionActive) {
          complete(cm);
        }
      }, 100);
    }
    return CodeMirror.Pass;
  }

  function completeInTag(cm) {
    return completeAfter(cm, function () {
      var token = cm.getTokenAt(cm.getCursor());
      return token.type === 'tag' || (token.state && token.state.tagName);
    });
  }

  var cm = CodeMirror.fromTextArea(text, {
    mode: 'xml',
    lineNumbers: true,
    gutters: ['CodeMirror-linenumbers'],
    extraKeys: {
      "'<'": completeAfter,
      "' '": completeInTag,
      "'='": completeInTag,
      'Ctrl-Space': complete
    },
    hintOptions: { schemaInfo: window.sdPolicySchemaInfo || {} }
  });
  // fromTextArea copies the editor back into the textarea on submit; save() here as well, so the
  // textarea is current before any other submit listener (confirm.js) looks at the form.
  var form = text.form;
  if (form) {
    form.addEventListener('submit', function () { cm.save(); });
  }
  if (errorLine > 0 && errorLine <= cm.lineCount()) {
    cm.addLineClass(errorLine - 1, 'gutter', 'error-line-gutter');
    cm.addLineClass(errorLine - 1, 'background', 'error-line-background');
    cm.scrollIntoView({ line: errorLine - 1, ch: 0 }, 80);
  }
})();
