import type { Page } from '@playwright/test';

/** Console lines and page errors that say React threw away part of the server's page. */
export function hydrationComplaints(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => {
    if (/hydrat|did not match|Minified React error #(418|423|425)/i.test(message.text())) lines.push(message.text());
  });
  page.on('pageerror', (error) => lines.push(error.message));
  return lines;
}
