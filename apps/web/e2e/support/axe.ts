/**
 * axe-core over a screen: the critical and serious violations (WCAG 2.x A/AA and axe's best
 * practices) and a few moderate ones, each with its rule, impact, number of elements and first targets.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

const BLOCKING = new Set(['critical', 'serious']);
/** Moderate rules the screens keep too: no skipped heading level, no second banner (a modal's header). */
const BLOCKING_RULES = new Set(['heading-order', 'landmark-no-duplicate-banner']);
const SHOWN_TARGETS = 3;

export interface AxeFinding {
  screen: string;
  rule: string;
  impact: string;
  nodes: number;
  targets: string[];
}

/** The blocking violations of the page as it is now. */
export async function blockingViolations(page: Page, screen: string): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? '') || BLOCKING_RULES.has(v.id))
    .map((v) => ({
      screen,
      rule: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, SHOWN_TARGETS).map((n) => n.target.join(' ')),
    }));
}

export function describeFindings(findings: AxeFinding[]): string {
  return findings.map((f) => `${f.screen}: ${f.rule} (${f.impact}, ${f.nodes} element(s)): ${f.targets.join(' | ')}`).join('\n');
}

/** Fails when the page has a blocking violation, listing them. */
export async function expectAccessible(page: Page, screen: string) {
  const findings = await blockingViolations(page, screen);
  expect(findings, describeFindings(findings)).toEqual([]);
}
