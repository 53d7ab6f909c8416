<%@ page contentType="text/html;charset=UTF-8" %>
<c:set var="pageTitle" value="Policy"/>
<%@ include file="header.jspf" %>
<p>Active version: <strong id="active-version"><c:out value="${activeVersion}"/></strong>
<c:if test="${not empty viewedVersion and viewedVersion != activeVersion}"> &middot; showing version <c:out value="${viewedVersion}"/></c:if></p>
<c:if test="${not empty policyWarnings}">
<ul class="warnings" id="policy-warnings">
<c:forEach var="w" items="${policyWarnings}"><li><c:out value="${w}"/></li></c:forEach>
</ul>
</c:if>
<div class="columns">
<form method="post" action="${pageContext.request.contextPath}/policy${nodeChoice.query}" id="policy-form" class="card wide">
  <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}">
  <textarea name="document" id="document" rows="24" cols="100" spellcheck="false"><c:out value="${document}"/></textarea>
  <div class="buttons">
    <button type="submit" name="action" value="validate" id="validate">Validate</button>
    <button type="submit" name="action" value="activate" id="activate">Activate</button>
  </div>
</form>
<aside class="card">
  <h2>Upload a file</h2>
  <form method="post" action="${pageContext.request.contextPath}/policy${nodeChoice.query}" id="upload-form" enctype="multipart/form-data">
    <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}">
    <input type="file" name="file" id="policy-file" accept=".xml,application/xml,text/xml" required>
    <div class="buttons">
      <button type="submit" name="action" value="validate" id="upload-validate">Validate file</button>
      <button type="submit" name="action" value="activate" id="upload-activate">Activate file</button>
    </div>
  </form>
  <h2>Versions</h2>
  <ul id="versions">
  <c:forEach var="v" items="${versions}">
    <li>
      <a href="${pageContext.request.contextPath}/policy?version=${v}${fn:escapeXml(nodeChoice.extraQuery)}">version <c:out value="${v}"/></a>
      <c:if test="${v == activeVersion}"> (active)</c:if>
      <c:if test="${v != activeVersion}">
        <form method="post" action="${pageContext.request.contextPath}/policy${nodeChoice.query}" class="inline">
          <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}">
          <input type="hidden" name="action" value="rollback">
          <input type="hidden" name="version" value="${v}">
          <button type="submit" class="rollback" id="rollback-${v}">Roll back</button>
        </form>
      </c:if>
    </li>
  </c:forEach>
  </ul>
</aside>
</div>
<c:if test="${not empty lines}">
<section class="card">
  <h2>The document<c:if test="${not empty errorLine}">, error at line <span id="error-line-number"><c:out value="${errorLine}"/></span></c:if></h2>
  <ol class="listing" id="listing">
  <c:forEach var="line" items="${lines}">
    <li class="${line.error ? 'error-line' : ''}" ${line.error ? 'id="error-line"' : ''}><code><c:out value="${line.text}"/></code></li>
  </c:forEach>
  </ol>
</section>
</c:if>
<%@ include file="footer.jspf" %>
