// Asks before a destructive action: a form with data-confirm is sent only when the user agrees.
// A form whose two password fields (data-confirm-password) differ is not sent.
(function () {
  document.addEventListener('submit', function (event) {
    var form = event.target;
    var question = form.getAttribute('data-confirm');
    if (question && !window.confirm(question)) {
      event.preventDefault();
      return;
    }
    var pair = form.querySelectorAll('input[data-confirm-password]');
    if (pair.length === 2 && pair[0].value !== pair[1].value) {
      event.preventDefault();
      var problem = form.querySelector('.password-mismatch');
      if (problem) {
        problem.hidden = false;
      }
    }
  }, true);
})();
