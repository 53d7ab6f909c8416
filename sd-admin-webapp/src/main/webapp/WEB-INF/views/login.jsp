<%@ page contentType="text/html;charset=UTF-8" %>
<c:set var="pageTitle" value="Sign in"/>
<%@ include file="header.jspf" %>
<form method="post" action="${pageContext.request.contextPath}/login" class="card narrow" id="login-form">
  <input type="hidden" name="csrf" value="${fn:escapeXml(loginToken)}">
  <label>User <input name="user" id="user" autocomplete="username" value="${fn:escapeXml(enteredUser)}" autofocus></label>
  <label>Password <input name="password" id="password" type="password" autocomplete="current-password"></label>
  <button type="submit" id="sign-in">Sign in</button>
</form>
<p class="hint">Users, passwords and roles (administrator, provider, user) live in the node's user directory.</p>
<%@ include file="footer.jspf" %>
