<%@ page contentType="text/html;charset=UTF-8" %>
<c:set var="pageTitle" value="Sign in"/>
<%@ include file="header.jspf" %>
<form method="post" action="${pageContext.request.contextPath}/login" class="card narrow" id="login-form">
  <input type="hidden" name="csrf" value="${fn:escapeXml(loginToken)}">
  <label>User <input name="user" id="user" autocomplete="username" value="${fn:escapeXml(enteredUser)}" autofocus></label>
  <label>Password <input name="password" id="password" type="password" autocomplete="current-password"></label>
  <button type="submit" id="sign-in">Sign in</button>
</form>
<c:if test="${firstRun}">
<form method="post" action="${pageContext.request.contextPath}/setup" class="card narrow" id="setup-form">
  <h2>First run: create the administrator</h2>
  <p class="hint">This node has no administrator yet, so its home port is open to everyone. Create one; from then on the node enforces roles.</p>
  <input type="hidden" name="csrf" value="${fn:escapeXml(loginToken)}">
  <label>Administrator <input name="user" id="setup-user" autocomplete="username"></label>
  <label>Password <input name="password" id="setup-password" type="password" autocomplete="new-password" data-confirm-password></label>
  <label>Password again <input name="passwordAgain" id="setup-password-again" type="password" autocomplete="new-password" data-confirm-password></label>
  <p class="problem password-mismatch" id="password-mismatch" hidden>The two passwords differ.</p>
  <button type="submit" id="create-administrator">Create and sign in</button>
</form>
</c:if>
<p class="hint">Users, passwords and roles (administrator, provider, user) live in the node's user directory.</p>
<%@ include file="footer.jspf" %>
