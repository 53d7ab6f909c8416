// The policy editor: line numbers beside the document (kept in step as it is typed and scrolled), and
// the line the node's validation pointed at marked in them.
(function () {
  'use strict';
  var editor = document.getElementById('editor');
  var text = document.getElementById('document');
  var gutter = document.getElementById('editor-gutter');
  if (!editor || !text || !gutter) {
    return;
  }
  var errorLine = parseInt(editor.getAttribute('data-error-line'), 10);

  function number() {
    var count = text.value.split('\n').length;
    gutter.textContent = '';
    for (var i = 1; i <= count; i++) {
      var line = document.createElement('span');
      line.className = i === errorLine ? 'line error' : 'line';
      line.textContent = String(i);
      gutter.appendChild(line);
    }
    gutter.scrollTop = text.scrollTop;
  }

  text.addEventListener('input', number);
  text.addEventListener('scroll', function () { gutter.scrollTop = text.scrollTop; });
  number();
  if (errorLine > 0) {
    // Bring the marked line into view.
    var lineHeight = text.scrollHeight / Math.max(1, text.value.split('\n').length);
    text.scrollTop = Math.max(0, (errorLine - 5) * lineHeight);
  }
})();
