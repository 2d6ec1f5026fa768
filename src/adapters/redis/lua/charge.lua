--[[
charge.lua: take the price of one chart from an account, atomically (docs/credits.md).
Twin of domain/credits/charge-rules.ts (decideCharge, rollMonth); the contract suite holds both to
the same behaviour. In one run: deadline check, the key's rate-limit token, idempotency lookup,
Tokyo-month reset, monthly-then-auto debit, autocharge, retention-trimmed ledger XADD and idempotency record:
a paid call's one round trip once its key's account is cached. Prefixed with
token-bucket.lua.

KEYS (all carry the account's hash tag, so the script runs unchanged on Redis Cluster)
  KEYS[1]  account hash     <prefix>{acct:<id>}:account
           fields: plan, allowance, monthly, auto, month (YYYY-MM), threshold, amount, and status
           ('suspended' or 'deleted'; absent: active): such an account is refused as unknown
  KEYS[2]  ledger stream    <prefix>{acct:<id>}:ledger
  KEYS[3]  idempotency hash <prefix>{acct:<id>}:idem:<key>   (passed but untouched when ARGV[5] is '')
           fields: digest, reply, and replayed = 1 once a retry was answered from it: the first
           charge is then final (void.lua refuses it), since its answer has been delivered
  KEYS[4]  charge record    <prefix>{acct:<id>}:charge:<charge id>  what void.lua needs to undo this charge;
           deleted by the gateway once the answer is delivered (settled)
  KEYS[5]  void marker      <prefix>{acct:<id>}:void:<charge id>    set by void.lua; this charge must not run
  KEYS[6]  token bucket     <prefix>{acct:<id>}:rate:<key digest>   (untouched when ARGV[11] is 0)

ARGV
  ARGV[1]  unit cost, credits (integer >= 1); enterprise pays 0 regardless
  ARGV[2]  current month in Asia/Tokyo, 'YYYY-MM', from the gateway's clock
  ARGV[3]  now, epoch milliseconds (gateway clock), written to the ledger entry
  ARGV[4]  log id of the call
  ARGV[5]  request digest (hex); '' when the call carries no idempotency key
  ARGV[6]  idempotency record lifetime, seconds
  ARGV[7]  oldest ledger id to keep, ms (XADD MINID ~: older entries are past the retention)
  ARGV[8]  deadline, epoch milliseconds on the Redis clock; 0 = none. A script that starts after it
           refuses: the gateway has already answered STORE_UNAVAILABLE, so it must not charge.
  ARGV[9]  charge record lifetime, seconds (how long a charge can still be voided)
  ARGV[10] the idempotency key itself ('' when none), kept in the charge record for a later void
  ARGV[11] rate limit of the calling key, tokens per second; 0 = none
  ARGV[12] rate limit burst, tokens
  ARGV[13] id of the gateway making the charge, kept in the charge record: the sweep voids only
           charges of gateways whose heartbeat has stopped
  ARGV[14] the paid operation's name (`chart`, `compatibility`, …), kept in the ledger entry

Returns an array; element 1 is the status:
   1  charged    {1, monthly, auto, from_monthly, from_auto, cost, autocharge, autocharged, threshold, tx_id, log_id}
   2  replayed   the first call's array with status 2 (nothing charged now)
  -1  insufficient {-1, monthly, auto, 0, 0, cost, 0, 0, threshold, '', ''} (nothing taken)
  -2  idempotency key already used with another request digest
  -3  unknown account, or one suspended or deleted (nothing done)
  -4  deadline passed (nothing done)
  -5  voided before it ran (nothing done): the gateway gave up on this charge id already
  -6  rate limited {-6, retry ms}: the key's bucket is empty (nothing done; a token is back in retry ms)
  monthly, auto: balances after the call. autocharge: 0 disabled, 1 charged, 2 not needed (total >=
  threshold), 3 not applicable (enterprise). autocharged: credits added (before the debit when the
  balance was below the cost and the threshold and the top-up covers the cost; else after it when
  the balance fell below the threshold; at most once per call). tx_id: ledger entry id; '' for
  enterprise, whose calls are recorded in the ledger at 0 credits but report no
  transaction.
]]

local deadline = tonumber(ARGV[8])
if deadline > 0 then
  local time = redis.call('TIME')
  if tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) > deadline then
    return {-4}
  end
end

if redis.call('EXISTS', KEYS[5]) == 1 then
  return {-5}
end

local account = redis.call('HMGET', KEYS[1], 'plan', 'allowance', 'monthly', 'auto', 'month', 'threshold', 'amount', 'status')
if not account[1] or (account[8] and account[8] ~= 'active') then
  return {-3}
end

local rate = tonumber(ARGV[11])
if rate > 0 then
  local retry = take_token(KEYS[6], rate, tonumber(ARGV[12]), tonumber(ARGV[3]))
  if retry > 0 then
    return {-6, retry}
  end
end

local digest = ARGV[5]
if digest ~= '' then
  local record = redis.call('HMGET', KEYS[3], 'digest', 'reply')
  if record[1] then
    if record[1] ~= digest then
      return {-2}
    end
    local first = cjson.decode(record[2])
    -- The first call's answer is now delivered (to this retry): its charge may no longer be voided.
    redis.call('HSET', KEYS[3], 'replayed', '1')
    first[1] = 2
    return first
  end
end

local monthly = tonumber(account[3])
local auto = tonumber(account[4])
local month = account[5]
local threshold = tonumber(account[6])
local amount = tonumber(account[7])
if ARGV[2] > month then
  month = ARGV[2]
  monthly = tonumber(account[2])
end

local enterprise = account[1] == 'enterprise'
local cost, from_monthly, from_auto, autocharge, autocharged = 0, 0, 0, 3, 0
if not enterprise then
  cost = tonumber(ARGV[1])
  autocharge = 0
  if monthly + auto < cost then
    -- Below the cost: autocharge tops up first when the balance is also below the threshold and
    -- the top-up covers the cost; otherwise the call is refused and nothing is taken.
    if amount > 0 and monthly + auto < threshold and monthly + auto + amount >= cost then
      auto = auto + amount
      autocharge, autocharged = 1, amount
    else
      return {-1, monthly, auto, 0, 0, cost, 0, 0, threshold, '', ''}
    end
  end
  from_monthly = math.min(math.max(monthly, 0), cost)
  from_auto = cost - from_monthly
  monthly = monthly - from_monthly
  auto = auto - from_auto
  if amount > 0 and autocharged == 0 then
    if monthly + auto < threshold then
      autocharge, autocharged = 1, amount
      auto = auto + amount
    else
      autocharge = 2
    end
  end
  redis.call('HSET', KEYS[1], 'monthly', monthly, 'auto', auto, 'month', month)
end
local tx_id = redis.call('XADD', KEYS[2], 'MINID', '~', ARGV[7], '*',
  'log_id', ARGV[4], 'cost', cost, 'from_monthly', from_monthly, 'from_auto', from_auto,
  'autocharged', autocharged, 'at_ms', ARGV[3], 'operation', ARGV[14])
local idempotency_key = ''
if digest ~= '' then
  idempotency_key = ARGV[10]
end
redis.call('HSET', KEYS[4], 'tx', tx_id, 'from_monthly', from_monthly, 'from_auto', from_auto, 'month', month,
  'idem_key', idempotency_key, 'at_ms', ARGV[3], 'gw', ARGV[13])
redis.call('EXPIRE', KEYS[4], ARGV[9])
local reported_tx = tx_id
if enterprise then
  reported_tx = ''
end
local reply = {1, monthly, auto, from_monthly, from_auto, cost, autocharge, autocharged, threshold, reported_tx, ARGV[4]}

if digest ~= '' then
  redis.call('HSET', KEYS[3], 'digest', digest, 'reply', cjson.encode(reply))
  redis.call('EXPIRE', KEYS[3], ARGV[6])
end
return reply
