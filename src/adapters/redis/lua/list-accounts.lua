--[[
list-accounts.lua: one page of account ids, newest first. In a script so that the
cursor's rank and the page are read together: an account created in between shifts no page.

KEYS
  KEYS[1]  account index <prefix>accounts   sorted set: account id scored by creation time (ms)

ARGV
  ARGV[1]  cursor: the last id of the previous page ('' for the first page)
  ARGV[2]  page size (>= 1)

Returns the ids, newest first (equal times: the greater id first); none after an unknown cursor.
]]

local from = 0
if ARGV[1] ~= '' then
  local rank = redis.call('ZREVRANK', KEYS[1], ARGV[1])
  if not rank then
    return {}
  end
  from = rank + 1
end
return redis.call('ZREVRANGE', KEYS[1], from, from + tonumber(ARGV[2]) - 1)
