<%@ page contentType="text/html;charset=UTF-8" %>
<c:set var="pageTitle" value="${user.administrator ? 'Instances' : 'My instances'}"/>
<%@ include file="header.jspf" %>
<section class="card">
<h2>Register by WSDL URL</h2>
<form method="post" action="${pageContext.request.contextPath}/instances${nodeChoice.query}" id="register-form" class="grid">
  <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}">
  <input type="hidden" name="action" value="register">
  <label>WSDL URL <input name="wsdlLocation" id="wsdlLocation" size="60" required></label>
  <label>Name (optional) <input name="name" id="name" size="24" maxlength="200"></label>
  <label>Supplier levels (space-separated) <input name="supplierLevel" id="supplierLevel"></label>
  <label>Timeout (ms) <input name="timeoutMs" id="timeoutMs" type="number" min="1"></label>
  <label>Attributes (name=value, one a line) <textarea name="attributes" id="attributes" rows="2" cols="40"></textarea></label>
  <button type="submit" id="register">Register</button>
</form>
</section>
<c:if test="${empty instances}"><p id="no-instances">No instances.</p></c:if>
<c:if test="${not empty instances}">
<table class="instances" id="instance-table">
  <thead><tr><th>instance</th><th>virtual port</th><th>operations</th><th>endpoint</th><th>supplier levels</th><c:if test="${user.administrator}"><th>owner</th></c:if><th>state</th><th>attributes and timeout</th><th></th></tr></thead>
  <tbody>
  <c:forEach var="i" items="${instances}">
    <tr data-instance="${fn:escapeXml(i.row.instanceId)}">
      <td><span class="instance-name"><c:out value="${i.row.name}"/></span><div class="instance-id"><c:out value="${i.row.instanceId}"/></div></td>
      <td><c:out value="${i.virtualPort}"/></td>
      <td class="instance-operations${i.row.allOperations ? ' all-operations' : ''}"><c:out value="${i.row.operations}"/></td>
      <td><c:out value="${i.row.endpointAddress}"/></td>
      <td><c:out value="${i.row.supplierLevel}"/></td>
      <c:if test="${user.administrator}"><td><c:out value="${i.row.owner}"/></td></c:if>
      <td>
        <form method="post" action="${pageContext.request.contextPath}/instances${nodeChoice.query}" class="inline">
          <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}">
          <input type="hidden" name="action" value="state">
          <input type="hidden" name="instanceId" value="${fn:escapeXml(i.row.instanceId)}">
          <select name="state" class="state-select">
            <c:forEach var="s" items="${states}"><option value="${s}" ${s == i.row.state ? 'selected' : ''}><c:out value="${s}"/></option></c:forEach>
          </select>
          <button type="submit" class="set-state">Set</button>
        </form>
      </td>
      <td>
        <form method="post" action="${pageContext.request.contextPath}/instances${nodeChoice.query}" class="inline">
          <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}">
          <input type="hidden" name="action" value="attributes">
          <input type="hidden" name="instanceId" value="${fn:escapeXml(i.row.instanceId)}">
          <input name="name" placeholder="name" value="${fn:escapeXml(i.registeredName)}" class="instance-name-field" maxlength="200">
          <textarea name="attributes" rows="2" cols="24" class="attributes"><c:out value="${i.attributes}"/></textarea>
          <input name="timeoutMs" type="number" min="1" placeholder="timeout ms" value="${fn:escapeXml(i.timeoutMs)}" class="small">
          <input name="supplierLevels" placeholder="supplier levels" value="${fn:escapeXml(i.row.supplierLevel)}" class="levels">
          <button type="submit" class="save-attributes">Save</button>
        </form>
      </td>
      <td>
        <form method="post" action="${pageContext.request.contextPath}/instances${nodeChoice.query}" class="inline unregister-form" data-confirm="Unregister ${fn:escapeXml(i.row.name)} (${fn:escapeXml(i.row.instanceId)})? Clients of ${fn:escapeXml(i.virtualPort)} will no longer reach it.">
          <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}">
          <input type="hidden" name="action" value="unregister">
          <input type="hidden" name="instanceId" value="${fn:escapeXml(i.row.instanceId)}">
          <button type="submit" class="unregister danger">Unregister</button>
        </form>
      </td>
    </tr>
  </c:forEach>
  </tbody>
</table>
</c:if>
<%@ include file="footer.jspf" %>
