<%@ page contentType="text/html;charset=UTF-8" %>
<c:set var="pageTitle" value="Dashboard"/>
<%@ include file="header.jspf" %>
<%@ include file="domain-card.jspf" %>
<p class="hint">Counts since the node started; each chart shows the port's throughput (blue, req/s, left axis) and mean latency (orange, ms, right axis) over the last 10 minutes. This part refreshes every 5 seconds.</p>
<div id="dashboard-body" data-fragment="${pageContext.request.contextPath}/dashboard/fragment${nodeChoice.query}">
<%@ include file="ports.jspf" %>
</div>
<script src="${pageContext.request.contextPath}/static/vendor/uplot/dist/uPlot.iife.min.js"></script>
<script src="${pageContext.request.contextPath}/static/dashboard.js"></script>
<%@ include file="footer.jspf" %>
