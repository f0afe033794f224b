-- POST a text question to the assistant as a multipart form (no photos).
local boundary = "----hariyalibench"
wrk.method = "POST"
wrk.headers["Content-Type"] = "multipart/form-data; boundary=" .. boundary
wrk.body = "--" .. boundary .. "\r\n" ..
  "Content-Disposition: form-data; name=\"message\"\r\n\r\n" ..
  "How often should I water my money plant in summer?\r\n" ..
  "--" .. boundary .. "--\r\n"

dofile("bench/wrk/report.lua")
