// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderPage } from '../test-utils';
import { TablePager } from './table-pager';

afterEach(cleanup);

const label = ({ from, to, count }: { from: number; to: number; count: number }) => `${from}–${to} of ${count}`;

describe('TablePager', () => {
  it('shows the rows of the page and moves between pages, disabled at either end', () => {
    const onPageChange = vi.fn();
    const { rerender } = renderPage(
      <TablePager count={60} page={0} rowsPerPage={25} onPageChange={onPageChange} label={label} />,
    );
    expect(screen.getByText('1–25 of 60')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);

    rerender(<TablePager count={60} page={2} rowsPerPage={25} onPageChange={onPageChange} label={label} />);
    expect(screen.getByText('51–60 of 60')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('reads 0–0 of 0 with both ways closed when there is nothing', () => {
    renderPage(<TablePager count={0} page={0} rowsPerPage={25} onPageChange={() => undefined} label={label} />);
    expect(screen.getByText('0–0 of 0')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toHaveProperty('disabled', true);
  });
});
