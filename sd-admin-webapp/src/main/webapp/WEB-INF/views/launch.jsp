<%@ page contentType="text/html;charset=UTF-8" %>
<c:set var="pageTitle" value="Launch ${port} / ${form.operation}"/>
<%@ include file="header.jspf" %>
<c:if test="${not empty form}">
<form method="post" action="${pageContext.request.contextPath}/launch${nodeChoice.query}" id="launch-form" class="card grid">
  <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}">
  <input type="hidden" name="port" value="${fn:escapeXml(port)}">
  <input type="hidden" name="operation" value="${fn:escapeXml(form.operation)}">
  <c:choose>
    <c:when test="${form.raw}">
      <label>Request element (XML) <textarea name="payload" id="payload" rows="8" cols="80"><c:out value="${empty param.payload ? form.template : param.payload}"/></textarea></label>
    </c:when>
    <c:otherwise>
      <c:forEach var="f" items="${form.fields}">
        <label><c:out value="${f.name}"/> <span class="type">(<c:out value="${f.type}"/>)</span>
          <input name="field.${fn:escapeXml(f.name)}" id="field-${fn:escapeXml(f.name)}" value="${fn:escapeXml(param['field.'.concat(f.name)])}"></label>
      </c:forEach>
    </c:otherwise>
  </c:choose>
  <button type="submit" id="send">Send</button>
</form>
</c:if>
<c:forEach var="a" items="${attempts}">
  <p class="attempt">tried <span class="instance-name"><c:out value="${a.name}"/></span> <span class="instance-id">(<c:out value="${a.instanceId}"/>)</span> at <c:out value="${a.endpointAddress}"/>: <c:out value="${a.reason}"/></p>
</c:forEach>
<c:if test="${not empty answer}">
<section class="card">
  <h2>Answer</h2>
  <c:if test="${not empty servedBy}"><p>Served by <strong id="served-by" class="instance-name"><c:out value="${servedBy.name}"/></strong>
    <span class="instance-id"><c:if test="${not servedBy.namedByAddress}"><span class="instance-address"><c:out value="${servedBy.hostPort}"/></span> &middot; </c:if><span id="served-by-id"><c:out value="${servedBy.instanceId}"/></span></span></p></c:if>
  <pre id="answer"><c:out value="${answer}"/></pre>
  <details><summary>Request sent</summary><pre><c:out value="${sentPayload}"/></pre></details>
</section>
</c:if>
<p><a href="${pageContext.request.contextPath}/services${nodeChoice.query}">Back to the services</a></p>
<%@ include file="footer.jspf" %>
