<%@ page contentType="text/html;charset=UTF-8" %>
<c:set var="pageTitle" value="Bills"/>
<%@ include file="header.jspf" %>
<p class="hint">What a user, or an organisation of the policy's fees, owes for the calls of a period: the node prices its metering records with the active policy's fees. Days are UTC; the period ends before its <em>to</em> day.</p>
<c:if test="${empty fees and empty problem}"><p class="problem" id="no-fees">The active policy sets no fees, so the node can make no bill: add a <code>fees</code> element on the <a href="${pageContext.request.contextPath}/policy${nodeChoice.query}">Policy</a> page.</p></c:if>
<form class="card grid" id="bill-form" method="get" action="${pageContext.request.contextPath}/bills">
  <c:if test="${not empty nodeChoice.path}"><input type="hidden" name="node" value="${fn:escapeXml(nodeChoice.path)}"></c:if>
  <label>Bill of
    <select id="bill-subject" name="subject">
      <option value="user"${form.organisation ? '' : ' selected'}>user</option>
      <option value="organisation"${form.organisation ? ' selected' : ''}>organisation</option>
    </select></label>
  <label>Name <input id="bill-name" name="name" list="bill-names" required value="${fn:escapeXml(form.name)}"></label>
  <datalist id="bill-names">
    <c:forEach var="u" items="${users}"><option value="${fn:escapeXml(u)}" label="user"></option></c:forEach>
    <c:forEach var="o" items="${fees.organisations}"><option value="${fn:escapeXml(o)}" label="organisation"></option></c:forEach>
  </datalist>
  <label>From <input type="date" id="bill-from" name="from" required value="${fn:escapeXml(form.from)}"></label>
  <label>To (not included) <input type="date" id="bill-to" name="to" required value="${fn:escapeXml(form.to)}"></label>
  <button type="submit" id="show-bill">Show bill</button>
</form>
<c:if test="${not empty bill}">
<section class="card" id="bill">
  <h2>Bill of <c:out value="${bill.subject}"/>&#32;<span id="bill-of"><c:out value="${bill.name}"/></span></h2>
  <p class="hint">Calls from <c:out value="${bill.from}"/> up to <c:out value="${bill.to}"/>, in <c:out value="${bill.currency}"/>.</p>
  <c:choose>
  <c:when test="${empty bill.lines}"><p id="no-billed-calls">No call of this period was billed.</p></c:when>
  <c:otherwise>
  <table id="bill-lines">
    <thead><tr><th>user</th><th>virtual port</th><th>operation</th><th>fee</th><th class="num">unit price</th><th class="num">calls</th><th class="num">amount</th></tr></thead>
    <tbody>
    <c:forEach var="l" items="${bill.lines}">
      <tr class="bill-line"><td><c:out value="${l.user}"/></td><td><c:out value="${l.virtualPort}"/></td><td><c:out value="${l.operation}"/></td>
        <td><c:out value="${l.fee}"/></td><td class="num"><c:out value="${l.unitPrice}"/></td><td class="num"><c:out value="${l.calls}"/></td>
        <td class="num"><c:out value="${l.amount}"/></td></tr>
    </c:forEach>
    </tbody>
  </table>
  </c:otherwise>
  </c:choose>
  <p class="bill-total"><span id="bill-calls"><c:out value="${bill.calls}"/></span> billed call(s), subtotal <span id="bill-subtotal"><c:out value="${bill.subtotal}"/></span>;
    total <strong id="bill-total"><c:out value="${bill.total}"/></strong> <c:out value="${bill.currency}"/></p>
  <p class="hint" id="bill-rounding"><c:out value="${bill.rounding}"/></p>
  <p class="downloads">
    <a id="download-csv" href="${pageContext.request.contextPath}/bills/export?${fn:escapeXml(form.query)}&amp;format=csv${fn:escapeXml(nodeChoice.extraQuery)}">Download CSV</a>
    &middot; <a id="download-json" href="${pageContext.request.contextPath}/bills/export?${fn:escapeXml(form.query)}&amp;format=json${fn:escapeXml(nodeChoice.extraQuery)}">Download JSON</a>
    <span class="hint">the node's export, for a billing system</span></p>
</section>
</c:if>
<%@ include file="footer.jspf" %>
