#!/usr/bin/env python3
"""Independent reference for Junction's Uniswap V3 swap loop (UniswapV3MathTest's multi-tick vectors).

Mirrors the Solidity contracts with Python big ints, written separately from the Java code: a real TickBitmap
(dict of 256-bit words, flipTick, BitMath msb/lsb), TickMath, SqrtPriceMath, SwapMath and the UniswapV3Pool.swap loop.
Run: python3 tools/uniswap_v3_reference.py
"""

MIN_TICK, MAX_TICK = -887272, 887272
MIN_SQRT, MAX_SQRT = 4295128739, 1461446703485210103287273052203988822378723970342
Q96 = 1 << 96
U256 = (1 << 256) - 1

C = [0xfff97272373d413259a46990580e213a, 0xfff2e50f5f656932ef12357cf3c7fdcc, 0xffe5caca7e10e4e61c3624eaa0941cd0,
     0xffcb9843d60f6159c9db58835c926644, 0xff973b41fa98c081472e6896dfb254c0, 0xff2ea16466c96a3843ec78b326b52861,
     0xfe5dee046a99a2a811c461f1969c3053, 0xfcbe86c7900a88aedcffc83b479aa3a4, 0xf987a7253ac413176f2b074cf7815e54,
     0xf3392b0822b70005940c7a398e4b70f3, 0xe7159475a2c29b7443b29c7fa6e889d9, 0xd097f3bdfd2022b8845ad8f792aa5825,
     0xa9f746462d870fdf8a65dc1f90e061e5, 0x70d869a156d2a1b890bb3df62baf32f7, 0x31be135f97d08fd981231505542fcfa6,
     0x9aa508b5b7a84e1c677de54f3e99bc9, 0x5d6af8dedb81196699c329225ee604, 0x2216e584f5fa1ea926041bedfe98,
     0x48a170391f7dc42444e8fa2]


def sqrt_at(tick):
    a = abs(tick)
    assert a <= MAX_TICK
    r = 0xfffcb933bd6fad37aa2d162d1a594001 if a & 1 else 1 << 128
    for i, c in enumerate(C):
        if a & (2 << i):
            r = (r * c) >> 128
    if tick > 0:
        r = U256 // r
    return (r >> 32) + (0 if r % (1 << 32) == 0 else 1)


def tick_at(p):
    # binary search: the largest tick with sqrt_at(tick) <= p (independent of the Java log2 implementation)
    lo, hi = MIN_TICK, MAX_TICK
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if sqrt_at(mid) <= p:
            lo = mid
        else:
            hi = mid - 1
    return lo


def mul_div(a, b, d):
    r = a * b // d
    assert r <= U256
    return r


def mul_div_up(a, b, d):
    r = -(-(a * b) // d)
    assert r <= U256
    return r


def div_up(a, b):
    return -(-a // b)


def amount0(a, b, L, up):
    if a > b:
        a, b = b, a
    n1, n2 = L << 96, b - a
    return div_up(mul_div_up(n1, n2, b), a) if up else mul_div(n1, n2, b) // a


def amount1(a, b, L, up):
    if a > b:
        a, b = b, a
    return mul_div_up(L, b - a, Q96) if up else mul_div(L, b - a, Q96)


def next_from_input(p, L, amount, zero_for_one):
    if zero_for_one:
        if amount == 0:
            return p
        n1 = L << 96
        product = amount * p
        if product <= U256 and n1 + product <= U256:
            return mul_div_up(n1, p, n1 + product)
        return div_up(n1, n1 // p + amount)
    q = (amount << 96) // L if amount < (1 << 160) else mul_div(amount, Q96, L)
    r = p + q
    assert r < (1 << 160)
    return r


def swap_step(cur, target, L, rem, fee):  # exact input only
    zfo = cur >= target
    less_fee = mul_div(rem, 10**6 - fee, 10**6)
    amt_in = amount0(target, cur, L, True) if zfo else amount1(cur, target, L, True)
    nxt = target if less_fee >= amt_in else next_from_input(cur, L, less_fee, zfo)
    mx = nxt == target
    if zfo:
        if not mx:
            amt_in = amount0(nxt, cur, L, True)
        out = amount1(nxt, cur, L, False)
    else:
        if not mx:
            amt_in = amount1(cur, nxt, L, True)
        out = amount0(cur, nxt, L, False)
    fee_amt = rem - amt_in if not mx else mul_div_up(amt_in, fee, 10**6 - fee)
    return nxt, amt_in, out, fee_amt


def msb(x):
    return x.bit_length() - 1


def lsb(x):
    return (x & -x).bit_length() - 1


class Bitmap:
    def __init__(self, spacing):
        self.words = {}
        self.spacing = spacing

    def flip(self, tick):
        assert tick % self.spacing == 0
        c = tick // self.spacing
        w, b = c >> 8, c % 256
        self.words[w] = self.words.get(w, 0) ^ (1 << b)

    def next_within_word(self, tick, lte):
        s = self.spacing
        c = tick // s  # Python // floors toward -inf like the contract's compressed-- correction
        if lte:
            w, b = c >> 8, c % 256
            mask = (1 << b) - 1 + (1 << b)
            masked = self.words.get(w, 0) & mask
            if masked:
                return (c - (b - msb(masked))) * s, True
            return (c - b) * s, False
        c += 1
        w, b = c >> 8, c % 256
        mask = ~((1 << b) - 1) & U256
        masked = self.words.get(w, 0) & mask
        if masked:
            return (c + (lsb(masked) - b)) * s, True
        return (c + (255 - b)) * s, False


def pool(positions, spacing, fee, sqrt_price):
    bm = Bitmap(spacing)
    net = {}
    for lo, hi, L in positions:
        for t, d in ((lo, L), (hi, -L)):
            if t not in net:
                bm.flip(t)
                net[t] = 0
            net[t] += d
    tick = tick_at(sqrt_price)
    L = sum(l for lo, hi, l in positions if lo <= tick < hi)
    return dict(bm=bm, net=net, spacing=spacing, fee=fee, p=sqrt_price, tick=tick, L=L)


def swap(pl, zfo, amount, limit=None):
    if limit is None:
        limit = MIN_SQRT + 1 if zfo else MAX_SQRT - 1
    rem, out, fees, crossed = amount, 0, 0, 0
    p, tick, L = pl['p'], pl['tick'], pl['L']
    while rem != 0 and p != limit:
        start = p
        tn, init = pl['bm'].next_within_word(tick, zfo)
        tn = max(MIN_TICK, min(MAX_TICK, tn))
        pn = sqrt_at(tn)
        target = (limit if pn < limit else pn) if zfo else (limit if pn > limit else pn)
        p, ain, aout, f = swap_step(p, target, L, rem, pl['fee'])
        rem -= ain + f
        out += aout
        fees += f
        if p == pn:
            if init:
                n = pl['net'][tn]
                L += -n if zfo else n
                assert L >= 0
                crossed += 1
            tick = tn - 1 if zfo else tn
        elif p != start:
            tick = tick_at(p)
    return dict(amountIn=amount - rem, amountOut=out, fee=fees, crossed=crossed, sqrtPrice=p, tick=tick, liquidity=L)


E18 = 10**18
SCENARIO_POSITIONS = [(-6000, 6000, 4 * 10**20), (-1200, 1000, 10**21), (-200, 300, 3 * 10**21),
                      (-30000, -5000, 2 * 10**20), (200, 12000, 5 * 10**20), (-200, 0, 10**21)]
SPACING1_POSITIONS = [(-1000, 1000, 10**22), (-300, 700, 5 * 10**21)]

if __name__ == '__main__':
    print('vector', swap(pool([(-887220, 887220, 10**21)], 60, 3000, Q96), True, E18))
    start = sqrt_at(40) + 12345678901234567
    for name, zfo, amt, lim in [('down', True, 150 * E18, None), ('up', False, 160 * E18, None),
                                ('down-limit', True, 10**24, sqrt_at(-5500) + 7), ('drain', True, 10**24, None)]:
        pl = pool(SCENARIO_POSITIONS, 10, 500, start)
        print(name, 'start tick', pl['tick'], 'L', pl['L'], swap(pl, zfo, amt, lim))
    # tick spacing 1: a word is 256 ticks, so long moves stop at several word boundaries
    for name, zfo, amt in [('spacing1-down', True, 300 * E18), ('spacing1-up', False, 350 * E18)]:
        pl = pool(SPACING1_POSITIONS, 1, 100, sqrt_at(-3) + 999)
        print(name, 'start tick', pl['tick'], 'L', pl['L'], swap(pl, zfo, amt))
