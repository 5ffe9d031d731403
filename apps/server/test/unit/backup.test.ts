/** The backup's restore order and its list of tables. */
import { describe, expect, it } from 'vitest';
import { SCHEMA_TABLES, foreignKeyOrder } from '../../src/backup/repo.ts';

const named = (...names: string[]) => names.map((name) => ({ name }));

describe('foreignKeyOrder', () => {
  it('puts every parent before its children, whatever order the tables come in', () => {
    const references = [
      { child: 'memberships', parent: 'users' },
      { child: 'memberships', parent: 'organizations' },
      { child: 'organizations', parent: 'users' },
      { child: 'conversations', parent: 'organizations' },
    ];
    const order = foreignKeyOrder(named('conversations', 'memberships', 'organizations', 'users'), references).map((table) => table.name);
    expect(order).toEqual(['users', 'organizations', 'conversations', 'memberships']);
  });

  it('ignores a table referring to itself and references to tables it was not given', () => {
    const order = foreignKeyOrder(named('b', 'a'), [
      { child: 'a', parent: 'a' },
      { child: 'b', parent: 'elsewhere' },
    ]);
    expect(order.map((table) => table.name)).toEqual(['a', 'b']);
  });

  it('refuses a cycle, naming its tables', () => {
    expect(() =>
      foreignKeyOrder(named('a', 'b', 'c'), [
        { child: 'a', parent: 'b' },
        { child: 'b', parent: 'a' },
      ]),
    ).toThrow(/a, b/);
  });
});

describe('SCHEMA_TABLES', () => {
  it('lists the tables of the Drizzle schema, sorted', () => {
    expect(SCHEMA_TABLES).toEqual(expect.arrayContaining(['users', 'organizations', 'conversations', 'transcript_updates', 'subtitle_versions']));
    expect([...SCHEMA_TABLES].sort()).toEqual(SCHEMA_TABLES);
    expect(new Set(SCHEMA_TABLES).size).toBe(SCHEMA_TABLES.length);
  });
});
