<%@ page contentType="text/html;charset=UTF-8" %>
<c:set var="pageTitle" value="Dashboard"/>
<%@ include file="header.jspf" %>
<p class="hint">Counts since the node started; the charts show requests per second (blue) and mean latency (orange) over the last minutes. This part refreshes every 5 seconds.</p>
<div id="dashboard-body" data-fragment="${pageContext.request.contextPath}/dashboard/fragment${nodeChoice.query}">
<%@ include file="ports.jspf" %>
</div>
<script src="${pageContext.request.contextPath}/static/dashboard.js"></script>
<%@ include file="footer.jspf" %>
