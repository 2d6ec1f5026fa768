--[[
authenticate.lua: the account of an API key digest and, when a rate limit is set, one token from
the key's bucket, in one round trip (DESIGN §4 keys; issue 10 rate limit). Twin of
MemoryCreditStore.authenticate; the contract suite holds both to one behaviour.

KEYS (the bucket's hash tag is the whole API-key key, so both live in one Cluster slot)
  KEYS[1]  API key          <prefix>apikey:<digest>            string: account id
  KEYS[2]  token bucket     {<prefix>apikey:<digest>}:rate     hash: tokens, at_ms

ARGV
  ARGV[1]  sustained rate, tokens per second (0 = no limit: KEYS[2] untouched)
  ARGV[2]  burst, tokens (the bucket's size)
  ARGV[3]  now, epoch milliseconds (gateway clock)

Returns
  {0}                        unknown or revoked key (no token taken)
  {1, account id}            admitted (one token taken)
  {2, account id, retry ms}  rate limited: nothing taken; a token is back in `retry ms`
]]

local account = redis.call('GET', KEYS[1])
if not account then
  return {0}
end
local rate = tonumber(ARGV[1])
if rate <= 0 then
  return {1, account}
end
local burst = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local bucket = redis.call('HMGET', KEYS[2], 'tokens', 'at_ms')
local tokens = tonumber(bucket[1]) or burst
local at = tonumber(bucket[2]) or now
if now > at then
  tokens = math.min(burst, tokens + (now - at) * rate / 1000)
  at = now
end
if tokens < 1 then
  return {2, account, math.ceil((1 - tokens) * 1000 / rate)}
end
redis.call('HSET', KEYS[2], 'tokens', tostring(tokens - 1), 'at_ms', at)
redis.call('PEXPIRE', KEYS[2], math.ceil(burst * 1000 / rate) + 1000)
return {1, account}
