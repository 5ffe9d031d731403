/** The schedule rules of a session (docs/PRODUCT.md, Validation): end after start, planned times in the future. */
import { describe, expect, it } from 'vitest';
import { scheduleIssues } from '../src/contracts/sessions.ts';

const now = new Date('2030-01-01T12:00:00Z');
const at = (hour: number) => new Date(`2030-01-01T${String(hour).padStart(2, '0')}:00:00Z`);
const plan = (values: Partial<Parameters<typeof scheduleIssues>[0]>) => ({ scheduleOn: null, endOn: null, autoStart: false, autoEnd: false, ...values });

describe('scheduleIssues', () => {
  it('accepts no plan, or a plan in the future ending after it starts', () => {
    expect(scheduleIssues(plan({}), now)).toEqual([]);
    expect(scheduleIssues(plan({ scheduleOn: at(13), endOn: at(14), autoStart: true, autoEnd: true }), now)).toEqual([]);
  });

  it('refuses times in the past and an end before the start', () => {
    expect(scheduleIssues(plan({ scheduleOn: at(11) }), now)).toEqual([{ path: 'scheduleOn', message: 'error.date_in_past' }]);
    expect(scheduleIssues(plan({ endOn: at(12) }), now)).toEqual([{ path: 'endOn', message: 'error.date_in_past' }]);
    expect(scheduleIssues(plan({ scheduleOn: at(14), endOn: at(13) }), now)).toEqual([{ path: 'endOn', message: 'error.end_before_start' }]);
  });

  it('needs the times automatic starts and stops run at', () => {
    expect(scheduleIssues(plan({ autoStart: true, autoEnd: true }), now)).toEqual([
      { path: 'scheduleOn', message: 'error.required' },
      { path: 'endOn', message: 'error.required' },
    ]);
  });

  it('does not check again a time that stays as stored', () => {
    expect(scheduleIssues(plan({ scheduleOn: at(11), endOn: at(13) }), now, { scheduleOn: at(11), endOn: null })).toEqual([]);
    expect(scheduleIssues(plan({ scheduleOn: at(10) }), now, { scheduleOn: at(11), endOn: null })).toEqual([{ path: 'scheduleOn', message: 'error.date_in_past' }]);
  });
});
