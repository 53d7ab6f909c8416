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
  <div class="editor" id="editor" data-error-line="${errorLine}">
    <textarea name="document" id="document" rows="24" cols="100" spellcheck="false" wrap="off"><c:out value="${document}"/></textarea>
  </div>
  <div class="buttons">
    <button type="submit" name="action" value="validate" id="validate">Validate</button>
    <button type="submit" name="action" value="activate" id="activate">Activate</button>
    <c:if test="${needsConfirmation}"><button type="submit" name="action" value="activate-confirmed" id="activate-anyway" class="danger">Activate anyway</button></c:if>
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
  <c:if test="${versions.size() > 1}">
  <h2>Compare versions</h2>
  <form method="get" action="${pageContext.request.contextPath}/policy" id="diff-form" class="inline">
    <c:if test="${not empty nodeChoice.path}"><input type="hidden" name="node" value="${fn:escapeXml(nodeChoice.path)}"></c:if>
    <select name="from" id="diff-from"><c:forEach var="v" items="${versions}" varStatus="st"><option value="${v}" ${(empty diffFrom and st.index == 1) or v == diffFrom ? 'selected' : ''}>version ${v}</option></c:forEach></select>
    &rarr;
    <select name="to" id="diff-to"><c:forEach var="v" items="${versions}" varStatus="st"><option value="${v}" ${(empty diffTo and st.first) or v == diffTo ? 'selected' : ''}>version ${v}</option></c:forEach></select>
    <button type="submit" id="compare">Compare</button>
  </form>
  </c:if>
</aside>
</div>
<c:if test="${not empty diff}">
<section class="card" id="diff">
  <h2>Changes from version <c:out value="${diffFrom}"/> to version <c:out value="${diffTo}"/></h2>
  <table class="diff">
    <thead><tr><th class="num">v<c:out value="${diffFrom}"/></th><th class="num">v<c:out value="${diffTo}"/></th><th></th><th>line</th></tr></thead>
    <tbody>
    <c:forEach var="d" items="${diff}">
      <tr class="diff-${d.change}"><td class="num"><c:out value="${d.oldNumber}"/></td><td class="num"><c:out value="${d.newNumber}"/></td><td class="mark"><c:out value="${d.mark}"/></td><td><code><c:out value="${d.text}"/></code></td></tr>
    </c:forEach>
    </tbody>
  </table>
</section>
</c:if>
<c:if test="${not empty impact}">
<section class="card" id="impact">
  <h2>Impact on the last hour of traffic</h2>
  <p id="impact-summary">Replayed <c:out value="${impact.replayed}"/> requests: <c:out value="${impactRefused}"/> would be refused,
  <span id="impact-newly-refused"><c:out value="${impactNewlyRefused}"/></span> of them served under the active policy.</p>
  <c:if test="${not empty impact.refusal}">
  <table id="impact-refusals">
    <thead><tr><th>User</th><th>Level</th><th>Port</th><th>Operation</th><th>Requests</th><th>Code</th><th>Today</th><th>Why</th></tr></thead>
    <tbody>
    <c:forEach var="r" items="${impact.refusal}">
      <tr data-user="${fn:escapeXml(r.user)}"><td><c:out value="${r.user}"/></td><td><c:out value="${r.userLevel}"/></td>
        <td><c:out value="${r.virtualPort}"/></td><td><c:out value="${r.operation}"/></td><td><c:out value="${r.requests}"/></td>
        <td class="code"><c:out value="${r.code}"/></td><td>${r.refusedNow ? 'refused' : 'served'}</td><td><c:out value="${r.reason}"/></td></tr>
    </c:forEach>
    </tbody>
  </table>
  </c:if>
  <c:if test="${not empty impact.unservedLevel}">
  <h3>Ports without an eligible instance for a user level</h3>
  <table id="impact-unserved">
    <thead><tr><th>Port</th><th>Level</th><th>Operations</th><th>Why</th></tr></thead>
    <tbody>
    <c:forEach var="u" items="${impact.unservedLevel}">
      <tr><td><c:out value="${u.virtualPort}"/></td><td><c:out value="${empty u.userLevel ? '(anonymous)' : u.userLevel}"/></td>
        <td><c:forEach var="op" items="${u.operation}" varStatus="st"><c:out value="${op}"/>${st.last ? '' : ' '}</c:forEach></td><td><c:out value="${u.reason}"/></td></tr>
    </c:forEach>
    </tbody>
  </table>
  </c:if>
  <c:if test="${not empty impact.unreachableInstance}">
  <h3>Instances no rule can reach</h3>
  <table id="impact-unreachable">
    <thead><tr><th>Instance</th><th>Port</th><th>Supplier levels</th></tr></thead>
    <tbody>
    <c:forEach var="i" items="${impact.unreachableInstance}">
      <tr data-instance="${fn:escapeXml(i.instanceId)}"><td><span class="instance-name"><c:out value="${empty i.name ? i.instanceId : i.name}"/></span><c:if test="${not empty i.name}"><div class="instance-id"><c:out value="${i.instanceId}"/></div></c:if></td><td><c:out value="${i.virtualPort}"/></td>
        <td><c:forEach var="l" items="${i.supplierLevel}" varStatus="st"><c:out value="${l}"/>${st.last ? '' : ' '}</c:forEach></td></tr>
    </c:forEach>
    </tbody>
  </table>
  </c:if>
</section>
</c:if>
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
<script src="${pageContext.request.contextPath}/static/vendor/codemirror/lib/codemirror.js"></script>
<script src="${pageContext.request.contextPath}/static/vendor/codemirror/mode/xml/xml.js"></script>
<script src="${pageContext.request.contextPath}/static/vendor/codemirror/addon/hint/show-hint.js"></script>
<script src="${pageContext.request.contextPath}/static/vendor/codemirror/addon/hint/xml-hint.js"></script>
<script src="${pageContext.request.contextPath}/static/policy-schema.js"></script>
<script src="${pageContext.request.contextPath}/static/policy-editor.js"></script>
<%@ include file="footer.jspf" %>
