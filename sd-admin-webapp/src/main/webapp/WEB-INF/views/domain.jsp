<%@ page contentType="text/html;charset=UTF-8" %>
<c:set var="pageTitle" value="Domain information"/>
<%@ include file="header.jspf" %>
<p class="hint">What clients and the console are told about this service domain. Every virtual port's WSDL carries it as documentation. An emptied field is removed.</p>
<form class="card" id="domain-form" method="post" action="${pageContext.request.contextPath}/domain${nodeChoice.query}">
  <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}">
  <label>Description <textarea id="domain-description" name="description" rows="4" maxlength="2000"><c:out value="${form.description}"/></textarea></label>
  <label>Owner <input id="domain-owner" name="owner" maxlength="200" value="${fn:escapeXml(form.owner)}"></label>
  <label>Contact <input id="domain-contact" name="contact" maxlength="200" value="${fn:escapeXml(form.contact)}"></label>
  <label>Terms <textarea id="domain-terms" name="terms" rows="4" maxlength="4000"><c:out value="${form.terms}"/></textarea></label>
  <label>Terms URL <input id="domain-terms-url" name="termsUrl" maxlength="2000" value="${fn:escapeXml(form.termsUrl)}"></label>
  <button type="submit" id="save-domain">Save</button>
</form>
<%@ include file="footer.jspf" %>
