<%@ page contentType="text/html;charset=UTF-8" %>
<c:set var="pageTitle" value="Services"/>
<%@ include file="header.jspf" %>
<%@ include file="domain-card.jspf" %>
<p class="hint">The virtual ports your level (<c:out value="${user.userLevel}"/>) may use. Launch an operation to call it through the node.</p>
<c:if test="${empty ports and empty problem}"><p id="no-services">No service is open to your level.</p></c:if>
<c:forEach var="port" items="${ports}">
<section class="card service" data-port="${fn:escapeXml(port.name)}">
  <h2><c:out value="${port.name}"/></h2>
  <p><span class="address"><c:out value="${port.address}"/></span> &middot; <c:out value="${port.operational}"/> operational instance(s)
   &middot; <a href="${fn:escapeXml(port.wsdlAddress)}">WSDL</a></p>
  <c:if test="${not empty port.instances}">
  <ul class="served-by">
  <c:forEach var="i" items="${port.instances}">
    <li data-instance="${fn:escapeXml(i.instanceId)}"><span class="instance-name"><c:out value="${i.name}"/></span><c:if test="${not i.namedByAddress}"> <span class="instance-id instance-address"><c:out value="${i.hostPort}"/></span></c:if><c:if test="${not i.allOperations}"> <span class="instance-operations">only <c:out value="${i.operations}"/></span></c:if></li>
  </c:forEach>
  </ul>
  </c:if>
  <c:choose>
  <c:when test="${not empty nodeChoice.path}">
  <p class="hint">Launch runs in your session of the console's own node, which this node does not know: launch from the console's node instead.</p>
  </c:when>
  <c:otherwise>
  <ul class="operations">
  <c:forEach var="op" items="${port.operations}">
    <li><c:url var="launchUrl" value="/launch"><c:param name="port" value="${port.name}"/><c:param name="operation" value="${op.operation}"/></c:url>
      <a class="launch" id="launch-${fn:escapeXml(port.name)}-${fn:escapeXml(op.operation)}" href="${fn:escapeXml(launchUrl)}">Launch <c:out value="${op.operation}"/></a></li>
  </c:forEach>
  </ul>
  </c:otherwise>
  </c:choose>
</section>
</c:forEach>
<%@ include file="footer.jspf" %>
