--[[
rate-token.lua: one token from an API key's bucket, for a keyed call that is not charged (account
queries); a paid call takes its token inside charge.lua, in the same round trip as the charge.
Prefixed with token-bucket.lua.

KEYS (the bucket carries its account's hash tag: one Cluster slot with the account's other keys)
  KEYS[1]  token bucket     <prefix>{acct:<id>}:rate:<key digest>   hash: tokens, at_ms

ARGV
  ARGV[1]  sustained rate, tokens per second (> 0)
  ARGV[2]  burst, tokens (the bucket's size)
  ARGV[3]  now, epoch milliseconds (gateway clock)

Returns 0 when admitted (one token taken), else the milliseconds until a token is back.
]]
return take_token(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]))
