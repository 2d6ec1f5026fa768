--[[
token-bucket.lua: a library, prepended to the scripts that take a rate-limit token (rate-token.lua,
charge.lua); not a script of its own. Twin of MemoryCreditStore.takeToken.

take_token(key, rate, burst, now)
  key    hash: tokens, at_ms (the key's bucket; starts full)
  rate   sustained rate, tokens per second (> 0)
  burst  the bucket's size, tokens
  now    epoch milliseconds (gateway clock)
Returns 0 when a token was taken, else the milliseconds until one is back (nothing taken).
]]
local function take_token(key, rate, burst, now)
  local bucket = redis.call('HMGET', key, 'tokens', 'at_ms')
  local tokens = tonumber(bucket[1]) or burst
  local at = tonumber(bucket[2]) or now
  if now > at then
    tokens = math.min(burst, tokens + (now - at) * rate / 1000)
    at = now
  end
  if tokens < 1 then
    return math.ceil((1 - tokens) * 1000 / rate)
  end
  redis.call('HSET', key, 'tokens', tostring(tokens - 1), 'at_ms', at)
  redis.call('PEXPIRE', key, math.ceil(burst * 1000 / rate) + 1000)
  return 0
end
