-- One summary line: requests/s, p50, p99 (ms), non-2xx/3xx responses, socket errors and the
-- request count (bench/run.sh divides the server's CPU time by it).
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT rps=%.0f p50_ms=%.2f p99_ms=%.2f non2xx=%d socket_errors=%d requests=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.status, errors, summary.requests))
end
