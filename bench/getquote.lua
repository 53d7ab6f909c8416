-- wrk script: POSTs one ~1 KB SOAP 1.1 getQuote request over and over.
-- The symbol is padded so the whole envelope is about 1 KB, like a small real business request.
local symbol = "ACME-" .. string.rep("X", 800)
wrk.method = "POST"
wrk.headers["Content-Type"] = "text/xml; charset=UTF-8"
wrk.headers["SOAPAction"] = '"urn:sd:samples:stockquote#getQuote"'
wrk.body = '<?xml version="1.0" encoding="UTF-8"?>'
  .. '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Header/><s:Body>'
  .. '<q:getQuote xmlns:q="urn:sd:samples:stockquote"><q:symbol>' .. symbol .. '</q:symbol></q:getQuote>'
  .. '</s:Body></s:Envelope>'

-- summary.errors.status counts answers with a status above 399.
done = function(summary, latency, requests)
  io.write(string.format("non-200: %d\n", summary.errors.status))
end
