// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApprovalConditions, sanitizeConditions } from './approval-conditions';
import { fakeBackend, ok, WithI18n } from './test-support';

afterEach(cleanup);

describe('sanitizeConditions', () => {
  it('keeps the text and its formatting, drops what runs', () => {
    const html = sanitizeConditions(
      '<p onclick="steal()">Plant <b>200</b> trees</p><script>steal()</script><img src=x onerror="steal()">' +
        '<a href="javascript:steal()">here</a> <a href="https://example.org/guide">guide</a>',
    );
    expect(html).toContain('<b>200</b>');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(html).toContain('href="https://example.org/guide"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('keeps nothing that restyles the page: no style element or attribute, no class, id or name', () => {
    const html = sanitizeConditions(
      '<style>button { display: none }</style><div style="position:fixed;inset:0;z-index:9999" class="MuiBackdrop-root"' +
        ' id="root" name="x" tabindex="1">Pay <span style="color:red">here</span></div><p>Plant <i>trees</i></p>',
    );
    expect(html).toBe('<div>Pay <span>here</span></div><p>Plant <i>trees</i></p>');
  });
});

describe('ApprovalConditions', () => {
  function renderConditions() {
    const posts: unknown[] = [];
    const backend = fakeBackend({
      answerDecision: (answer) => {
        posts.push(answer);
        return ok({ application_status_id: 6 });
      },
    });
    const onAnswered = vi.fn();
    render(
      <WithI18n backend={backend}>
        <ApprovalConditions
          applicationId={12}
          conditions={'<p>Plant 200 trees</p><script>alert(1)</script>'}
          onAnswered={onAnswered}
        />
      </WithI18n>,
    );
    return { posts, onAnswered };
  }

  it('shows the conditions and needs a reason to deny them', async () => {
    const { posts, onAnswered } = renderConditions();
    expect(screen.getByText('Application Conditionally Approved')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Approval conditions' }).innerHTML).toBe('<p>Plant 200 trees</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to DENY the approval conditions?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(within(dialog).getByText('Please provide a reason for rejection.')).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Reason for denying the conditions/), {
      target: { value: ' Too costly ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onAnswered).toHaveBeenCalledTimes(1));
    expect(posts).toEqual([{ applicationId: 12, accepted: false, reason: 'Too costly' }]);
  });

  it('asks before accepting, then answers', async () => {
    const { posts, onAnswered } = renderConditions();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to ACCEPT the approval conditions?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onAnswered).toHaveBeenCalledTimes(1));
    expect(posts).toEqual([{ applicationId: 12, accepted: true }]);
  });
});
