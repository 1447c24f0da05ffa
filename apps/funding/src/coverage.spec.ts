import { coveredMs, coveredStretches } from './coverage';

const H = 3_600_000;

describe('liquidation coverage', () => {
  it('merges overlapping polls, clips them to the window and leaves gaps as gaps', () => {
    const polls = [
      { from: 0, to: 2 * H },
      { from: 1 * H, to: 3 * H }, // overlaps the first
      { from: 5 * H, to: 6 * H }, // after a 2 h gap (collector down)
      { from: 30 * H, to: 31 * H }, // outside the window
    ];
    const stretches = coveredStretches(polls, { from: H / 2, to: 24 * H });
    expect(stretches).toEqual([
      { from: H / 2, to: 3 * H },
      { from: 5 * H, to: 6 * H },
    ]);
    expect(coveredMs(stretches)).toBe(3.5 * H);
  });

  it('covers nothing without polls', () => {
    expect(coveredStretches([], { from: 0, to: H })).toEqual([]);
  });
});
