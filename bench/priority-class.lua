-- wrk script for the priority-classes benchmark: POSTs a SOAP 1.1 getQuote whose symbol names the
-- class the benchmark's policy gives it (environment variable QOS_SYMBOL: HIGH, MIDDLE or LOW), and
-- counts the answers that are not 200 (the node's Timeout and Overloaded faults under overload).
local symbol = os.getenv("QOS_SYMBOL") or "LOW"

wrk.method = "POST"
wrk.headers["Content-Type"] = "text/xml; charset=UTF-8"
wrk.headers["SOAPAction"] = '"urn:sd:samples:stockquote#getQuote"'
wrk.body = '<?xml version="1.0" encoding="UTF-8"?>'
  .. '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Header/><s:Body>'
  .. '<q:getQuote xmlns:q="urn:sd:samples:stockquote"><q:symbol>' .. symbol .. '</q:symbol></q:getQuote>'
  .. '</s:Body></s:Envelope>'

done = function(summary, latency, requests)
  io.write(string.format("non-200: %d\n", summary.errors.status))
end
