<%@ page contentType="text/html;charset=UTF-8" %>
<c:set var="pageTitle" value="Service levels and contracts"/>
<%@ include file="header.jspf" %>
<p class="hint">Levels, service maps and packages are written into the policy: each change activates a new version (now <c:out value="${policyVersion}"/>). Users are written into the node's user directory.</p>
<div class="columns">
<section class="card">
  <h2>Service levels</h2>
  <table id="levels">
    <thead><tr><th>kind</th><th>name</th><th></th></tr></thead>
    <tbody>
    <c:forEach var="l" items="${contracts.userLevels}">
      <tr><td>user level</td><td><c:out value="${l}"/></td><td>
        <form method="post" action="${pageContext.request.contextPath}/contracts${nodeChoice.query}" class="inline">
          <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}"><input type="hidden" name="action" value="removeLevel">
          <input type="hidden" name="kind" value="userLevel"><input type="hidden" name="name" value="${fn:escapeXml(l)}">
          <button type="submit" class="danger">Remove</button></form></td></tr>
    </c:forEach>
    <c:forEach var="l" items="${contracts.supplierLevels}">
      <tr><td>supplier level</td><td><c:out value="${l}"/></td><td>
        <form method="post" action="${pageContext.request.contextPath}/contracts${nodeChoice.query}" class="inline">
          <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}"><input type="hidden" name="action" value="removeLevel">
          <input type="hidden" name="kind" value="supplierLevel"><input type="hidden" name="name" value="${fn:escapeXml(l)}">
          <button type="submit" class="danger">Remove</button></form></td></tr>
    </c:forEach>
    </tbody>
  </table>
  <form method="post" action="${pageContext.request.contextPath}/contracts${nodeChoice.query}" id="level-form">
    <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}"><input type="hidden" name="action" value="addLevel">
    <select name="kind" id="level-kind"><option value="userLevel">user level</option><option value="supplierLevel">supplier level</option></select>
    <input name="name" id="level-name" placeholder="name" required>
    <button type="submit" id="add-level">Add level</button>
  </form>
</section>
<section class="card">
  <h2>Service maps</h2>
  <table id="service-maps">
    <thead><tr><th>user level</th><th>served by supplier levels</th><th></th></tr></thead>
    <tbody>
    <c:forEach var="m" items="${contracts.serviceMaps}">
      <tr><td><c:out value="${m.userLevel}"/></td><td><c:out value="${m.supplierLevels}"/></td><td>
        <form method="post" action="${pageContext.request.contextPath}/contracts${nodeChoice.query}" class="inline">
          <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}"><input type="hidden" name="action" value="removeServiceMap">
          <input type="hidden" name="userLevel" value="${fn:escapeXml(m.userLevel)}">
          <button type="submit" class="danger">Remove</button></form></td></tr>
    </c:forEach>
    </tbody>
  </table>
  <form method="post" action="${pageContext.request.contextPath}/contracts${nodeChoice.query}" id="map-form">
    <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}"><input type="hidden" name="action" value="addServiceMap">
    <input name="userLevel" id="map-user-level" placeholder="user level" required>
    <input name="supplierLevels" id="map-supplier-levels" placeholder="supplier levels (space-separated)" required>
    <button type="submit" id="add-map">Add map</button>
  </form>
</section>
</div>
<section class="card">
  <h2>Packages</h2>
  <table id="packages">
    <thead><tr><th>package</th><th>user levels</th><th>grants</th><th></th></tr></thead>
    <tbody>
    <c:forEach var="p" items="${contracts.packages}">
      <tr><td><c:out value="${p.name}"/></td><td><c:out value="${p.userLevels}"/></td>
        <td><c:forEach var="g" items="${p.grants}"><div><c:out value="${g}"/></div></c:forEach></td><td>
        <form method="post" action="${pageContext.request.contextPath}/contracts${nodeChoice.query}" class="inline">
          <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}"><input type="hidden" name="action" value="removePackage">
          <input type="hidden" name="name" value="${fn:escapeXml(p.name)}">
          <button type="submit" class="danger">Remove</button></form></td></tr>
    </c:forEach>
    </tbody>
  </table>
  <form method="post" action="${pageContext.request.contextPath}/contracts${nodeChoice.query}" id="package-form">
    <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}"><input type="hidden" name="action" value="addPackage">
    <input name="name" placeholder="package name" required>
    <input name="userLevels" placeholder="user levels" required>
    <input name="virtualPort" placeholder="virtual port" required>
    <input name="operations" placeholder="operations (empty: all)">
    <button type="submit">Add package</button>
  </form>
</section>
<section class="card">
  <h2>Users</h2>
  <table id="users">
    <thead><tr><th>user</th><th>level</th><th>designated providers</th><th>roles</th><th></th></tr></thead>
    <tbody>
    <c:forEach var="u" items="${users}">
      <tr data-user="${fn:escapeXml(u.name)}"><td><c:out value="${u.name}"/></td><td><c:out value="${u.userLevel}"/></td>
        <td><c:forEach var="d" items="${u.designated}"><c:out value="${d}"/> </c:forEach></td>
        <td><c:forEach var="r" items="${u.role}" varStatus="s"><c:out value="${r}"/><c:if test="${not s.last}">, </c:if></c:forEach></td><td>
        <c:choose>
          <c:when test="${u.role.contains('administrator') and administratorCount == 1}"><c:set var="removeQuestion" value="${u.name} is the last administrator; the node will refuse to remove it. Give another user the administrator role first. Try anyway?"/></c:when>
          <c:when test="${u.role.contains('administrator')}"><c:set var="removeQuestion" value="Remove administrator ${u.name}? Their sessions end at once."/></c:when>
          <c:otherwise><c:set var="removeQuestion" value="Remove user ${u.name}? Their sessions end at once."/></c:otherwise>
        </c:choose>
        <form method="post" action="${pageContext.request.contextPath}/contracts${nodeChoice.query}" class="inline remove-user-form" data-confirm="${fn:escapeXml(removeQuestion)}">
          <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}"><input type="hidden" name="action" value="removeUser">
          <input type="hidden" name="name" value="${fn:escapeXml(u.name)}">
          <button type="submit" class="danger">Remove</button></form></td></tr>
    </c:forEach>
    </tbody>
  </table>
  <form method="post" action="${pageContext.request.contextPath}/contracts${nodeChoice.query}" id="user-form" class="grid">
    <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}"><input type="hidden" name="action" value="setUser">
    <label>Name <input name="name" id="user-name" required></label>
    <label>Password <input name="password" id="user-password" type="password" autocomplete="new-password" placeholder="empty: keep"></label>
    <label>User level <input name="userLevel" id="user-level" required></label>
    <label>Designated providers <input name="designated" placeholder="space-separated"></label>
    <span class="roles">Roles
      <c:forEach var="r" items="${roles}"><label class="check"><input type="checkbox" name="role" value="${r}" id="role-${r}"> <c:out value="${r}"/></label></c:forEach>
    </span>
    <button type="submit" id="save-user">Save user</button>
  </form>
</section>
<%@ include file="footer.jspf" %>
