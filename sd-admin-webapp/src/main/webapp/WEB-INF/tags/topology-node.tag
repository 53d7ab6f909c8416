<%@ tag body-content="empty" pageEncoding="UTF-8" trimDirectiveWhitespaces="true" %>
<%@ taglib prefix="c" uri="jakarta.tags.core" %><%@ taglib prefix="fn" uri="jakarta.tags.functions" %>
<%@ taglib prefix="sd" tagdir="/WEB-INF/tags" %>
<%@ attribute name="node" required="true" type="java.lang.Object"
    description="One node of the tree (TopologyTree.NodeBranch); its children are shown by this tag again, nested." %>
<li class="node" data-node="${fn:escapeXml(node.name)}">
  <div class="node-head">
    <span class="node-name"><c:out value="${node.name}"/></span>
    <span class="node-state node-${fn:escapeXml(node.state)}"><c:out value="${node.state}"/></span>
    <span class="address"><c:out value="${node.address}"/></span>
    <c:if test="${not empty node.path}">
      <a class="open-node" id="open-${fn:escapeXml(node.path)}" href="${pageContext.request.contextPath}/dashboard${node.query}">Open</a>
      <a class="open-services" href="${pageContext.request.contextPath}/services${node.query}">Services</a>
    </c:if>
    <c:if test="${not empty node.standingInstance}">
      <form method="post" action="${pageContext.request.contextPath}/topology${nodeChoice.query}" class="inline unregister-child">
        <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}">
        <input type="hidden" name="action" value="unregister">
        <input type="hidden" name="child" value="${fn:escapeXml(node.name)}">
        <input type="hidden" name="instanceId" value="${fn:escapeXml(node.standingInstance)}">
        <button type="submit" id="unregister-${fn:escapeXml(node.name)}">Unregister</button>
      </form>
    </c:if>
  </div>
  <c:if test="${empty node.ports}"><p class="hint">No virtual port.</p></c:if>
  <c:forEach var="port" items="${node.ports}">
    <table class="instances topology-port" data-port="${fn:escapeXml(port.name)}">
      <thead><tr><th colspan="4" class="port-name"><c:out value="${port.name}"/></th></tr>
        <tr><th>instance</th><th>endpoint</th><th>state</th><th>supplier levels</th></tr></thead>
      <tbody>
      <c:if test="${empty port.instances}"><tr><td colspan="4" class="hint">No instance.</td></tr></c:if>
      <c:forEach var="i" items="${port.instances}">
        <tr data-instance="${fn:escapeXml(i.instanceId)}">
          <td><span class="instance-name"><c:out value="${i.name}"/></span><div class="instance-id"><c:out value="${i.instanceId}"/></div></td>
          <td class="address"><c:out value="${i.endpointAddress}"/></td>
          <td class="state state-${fn:escapeXml(i.state)}"><c:out value="${i.state}"/></td>
          <td><c:out value="${i.supplierLevel}"/></td>
        </tr>
      </c:forEach>
      </tbody>
    </table>
  </c:forEach>
  <c:if test="${not empty node.children}">
    <ul class="children">
      <c:forEach var="child" items="${node.children}"><sd:topology-node node="${child}"/></c:forEach>
    </ul>
  </c:if>
</li>
