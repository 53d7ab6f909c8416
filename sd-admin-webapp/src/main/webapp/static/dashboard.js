// Refreshes the dashboard's ports every 5 seconds from /dashboard/fragment, without a full reload.
(function () {
  'use strict';
  var body = document.getElementById('dashboard-body');
  if (!body) {
    return;
  }
  var url = body.getAttribute('data-fragment');
  function refresh() {
    fetch(url, { credentials: 'same-origin', headers: { 'Accept': 'text/html' } })
      .then(function (response) {
        if (response.redirected || !response.ok) {
          throw new Error('HTTP ' + response.status);
        }
        return response.text();
      })
      .then(function (html) {
        body.innerHTML = html;
        body.setAttribute('data-refreshed', String(Date.now()));
      })
      .catch(function (e) {
        body.setAttribute('data-refresh-error', e.message);
      });
  }
  setInterval(refresh, 5000);
})();
