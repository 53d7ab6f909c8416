<%@ page contentType="text/html;charset=UTF-8" %>
<%@ taglib prefix="sd" tagdir="/WEB-INF/tags" %>
<c:set var="pageTitle" value="Topology"/>
<%@ include file="header.jspf" %>
<section class="card">
<form method="post" action="${pageContext.request.contextPath}/topology${nodeChoice.query}" id="poll-form" class="inline">
  <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}">
  <button type="submit" id="poll">Poll now</button>
  <span class="hint">Each child node is shown as it answered the last discovery poll; polling asks every level again.</span>
</form>
</section>
<section class="card">
<h2>Register a child node</h2>
<p class="hint">The child's virtual ports become instances of this node's ports, in the supplier levels given here, so this
  node's rules can choose the child domain like any instance. The secret is the child's parent secret (its
  <code>SD_PARENT_SECRET</code>); with it this node polls the child and opens the child's pages for you without a second sign-in.</p>
<form method="post" action="${pageContext.request.contextPath}/topology${nodeChoice.query}" id="child-form" class="child-form">
  <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}">
  <input type="hidden" name="action" value="register">
  <label for="child-address">Home address</label>
  <input type="url" id="child-address" name="homeAddress" required placeholder="http://host:8080/sd/services/home">
  <label for="child-secret">Parent secret</label>
  <input type="password" id="child-secret" name="secret" required autocomplete="off">
  <label for="child-name">Name</label>
  <input type="text" id="child-name" name="name" pattern="[A-Za-z0-9_.\-]{1,64}" placeholder="the child's own name">
  <label for="child-level">Supplier levels</label>
  <input type="text" id="child-level" name="supplierLevel" placeholder="e.g. Platinum (several: separated by spaces)">
  <label for="child-timeout">Timeout (ms)</label>
  <input type="number" id="child-timeout" name="timeoutMs" min="1">
  <span></span><button type="submit" id="register-child">Register child node</button>
</form>
</section>
<c:if test="${not empty topologyGraph}">
<section class="card graph-card">
<h2>Graph</h2>
<p class="hint">Each node, its virtual ports with their instances by name, then its child nodes; host:port, state and supplier levels below each name.</p>
<div class="graph-scroll"><c:out value="${topologyGraph}" escapeXml="false"/></div>
</section>
</c:if>
<c:if test="${not empty topology}">
<h2>Details</h2>
<ul class="topology card" id="topology">
  <sd:topology-node node="${topology}"/>
</ul>
</c:if>
<%@ include file="footer.jspf" %>
