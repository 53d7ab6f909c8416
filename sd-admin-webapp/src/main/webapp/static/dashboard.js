// Draws each port's chart with uPlot (vendored in static/vendor/uplot) from the data the page carries,
// and refreshes the dashboard's ports every 5 seconds from /dashboard/fragment, without a full reload.
(function () {
  'use strict';
  var body = document.getElementById('dashboard-body');
  if (!body) {
    return;
  }

  function fixed(unit) {
    return function (u, v) { return v == null ? '\u2014' : v.toFixed(1) + ' ' + unit; };
  }

  function fromZero(u, min, max) {
    return [0, max > 0 ? max * 1.1 : 1];
  }

  // The time axis always spans the ten minutes the page promises, ending at the newest point: with a
  // single point uPlot would otherwise spread the axis over years.
  var WINDOW_SECONDS = 600;
  function lastTenMinutes(u, min, max) {
    var end = max != null ? max : Date.now() / 1000;
    return [end - WINDOW_SECONDS, end];
  }

  // One chart: throughput on the left axis (req/s), mean latency on the right (ms), time below.
  function draw(box) {
    var data = JSON.parse(box.getAttribute('data-chart'));
    var options = {
      width: 400,
      height: 190,
      scales: { x: { time: true, range: lastTenMinutes }, rate: { range: fromZero }, ms: { range: fromZero } },
      series: [
        { label: 'time' },
        { label: 'Throughput (req/s)', scale: 'rate', stroke: '#1f5fa8', width: 1.5, value: fixed('req/s') },
        { label: 'Mean latency (ms)', scale: 'ms', stroke: '#b5470b', width: 1.5, value: fixed('ms') }
      ],
      axes: [
        { label: 'time', size: 40 },
        { scale: 'rate', label: 'req/s', size: 50 },
        { scale: 'ms', label: 'ms', side: 1, size: 50, grid: { show: false } }
      ]
    };
    box.sdChart = new uPlot(options, [data.t, data.rate, data.latency], box);
  }

  function drawAll() {
    Array.prototype.forEach.call(body.querySelectorAll('.chart-box[data-chart]'), draw);
  }

  function refresh() {
    fetch(body.getAttribute('data-fragment'), { credentials: 'same-origin', headers: { 'Accept': 'text/html' } })
      .then(function (response) {
        if (response.redirected || !response.ok) {
          throw new Error('HTTP ' + response.status);
        }
        return response.text();
      })
      .then(function (html) {
        Array.prototype.forEach.call(body.querySelectorAll('.chart-box'), function (box) {
          if (box.sdChart) {
            box.sdChart.destroy();
          }
        });
        body.innerHTML = html;
        drawAll();
        body.setAttribute('data-refreshed', String(Date.now()));
      })
      .catch(function (e) {
        body.setAttribute('data-refresh-error', e.message);
      });
  }

  drawAll();
  setInterval(refresh, 5000);
})();
