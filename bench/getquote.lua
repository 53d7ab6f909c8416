-- wrk script: POSTs one SOAP 1.1 getQuote request over and over.
-- The symbol is padded so the whole envelope is about 1 KB, like a small real business request.
-- With the environment variable SOAP_BYTES set (e.g. 10240, 102400) the symbol is padded so the
-- envelope is exactly that many bytes instead; the stock-quote provider echoes the symbol, so
-- the reply is about as large as the request.
local head = '<?xml version="1.0" encoding="UTF-8"?>'
  .. '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Header/><s:Body>'
  .. '<q:getQuote xmlns:q="urn:sd:samples:stockquote"><q:symbol>ACME-'
local tail = '</q:symbol></q:getQuote></s:Body></s:Envelope>'

local wanted = tonumber(os.getenv("SOAP_BYTES") or "")
local pad = 800 -- the historical 1 KB body, so figures stay comparable with earlier runs
if wanted then
  pad = math.max(0, wanted - #head - #tail)
end

wrk.method = "POST"
wrk.headers["Content-Type"] = "text/xml; charset=UTF-8"
wrk.headers["SOAPAction"] = '"urn:sd:samples:stockquote#getQuote"'
wrk.body = head .. string.rep("X", pad) .. tail

-- summary.errors.status counts answers with a status above 399.
done = function(summary, latency, requests)
  io.write(string.format("non-200: %d\n", summary.errors.status))
end
