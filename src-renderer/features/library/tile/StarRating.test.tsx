import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StarRating } from './StarRating';

describe('StarRating', () => {
  it('in a grid: one line of text at rest, the five buttons once the pointer is near, and back', () => {
    const onRate = vi.fn();
    render(<StarRating rating={3} label="a lighthouse" onRate={onRate} buttonsOnHover />);
    const group = screen.getByRole('group', { name: 'a lighthouse: 3 of 5 stars' });
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(group.textContent).toBe('★★★☆☆');

    fireEvent.pointerEnter(group);
    fireEvent.click(screen.getByRole('button', { name: 'Rate 5 stars' }));
    expect(onRate).toHaveBeenCalledWith(5);
    // The star already given clears the rating.
    fireEvent.click(screen.getByRole('button', { name: 'Rate 3 stars' }));
    expect(onRate).toHaveBeenLastCalledWith(0);

    fireEvent.mouseLeave(screen.getByRole('group', { name: 'a lighthouse: 3 of 5 stars' }));
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('elsewhere (the lightbox, compare): the five buttons from the start', () => {
    const onRate = vi.fn();
    render(<StarRating rating={0} label="a fox" onRate={onRate} />);
    expect(screen.getByRole('group', { name: 'a fox: not rated' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rate 2 stars' }));
    expect(onRate).toHaveBeenCalledWith(2);
  });
});
