import { describe, expect, it } from 'vitest';
import { contentChanges, type ContentSnapshot } from '../../src/domain/content-changes.ts';

const approved: ContentSnapshot = {
  title: 'Half-price drying',
  description: 'Fresh towels',
  imageUrl: 'https://suds.example/a.png',
  targetUrl: 'https://suds.example/offers',
  creatives: [
    {
      id: 'c1',
      title: 'Free soap',
      description: null,
      imageUrl: null,
      targetUrl: 'https://suds.example/soap',
    },
    {
      id: 'c2',
      title: 'Late hours',
      description: 'Until 23:00',
      imageUrl: null,
      targetUrl: 'https://suds.example/h',
    },
  ],
};

describe('what an edit changes', () => {
  it('when nothing visible changes, or the creatives are only reordered, then there is no change', () => {
    expect(contentChanges(approved, { ...approved })).toEqual([]);
    expect(contentChanges(approved, { ...approved, creatives: [...approved.creatives!].reverse() })).toEqual(
      [],
    );
  });

  it('when fields change, then each is listed with its old and new value, an emptied text as none', () => {
    expect(
      contentChanges(approved, { ...approved, title: 'Half-price washing', description: '', imageUrl: null }),
    ).toEqual([
      { field: 'title', creative: null, before: 'Half-price drying', after: 'Half-price washing' },
      { field: 'description', creative: null, before: 'Fresh towels', after: null },
      { field: 'imageUrl', creative: null, before: 'https://suds.example/a.png', after: null },
    ]);
  });

  it('when a creative is changed, added and removed, then each is named by its place, from or to nothing', () => {
    const changes = contentChanges(approved, {
      ...approved,
      creatives: [
        { ...approved.creatives![0]!, targetUrl: 'https://suds.example/soap2' },
        { id: 'c3', title: 'Pickup', description: null, imageUrl: null, targetUrl: 'https://suds.example/p' },
      ],
    });

    expect(changes).toEqual([
      {
        field: 'targetUrl',
        creative: 1,
        before: 'https://suds.example/soap',
        after: 'https://suds.example/soap2',
      },
      { field: 'title', creative: 2, before: null, after: 'Pickup' },
      { field: 'targetUrl', creative: 2, before: null, after: 'https://suds.example/p' },
      { field: 'title', creative: 2, before: 'Late hours', after: null },
      { field: 'description', creative: 2, before: 'Until 23:00', after: null },
      { field: 'targetUrl', creative: 2, before: 'https://suds.example/h', after: null },
    ]);
  });

  it('when a snapshot has no creatives at all, then only the campaign’s own fields are compared', () => {
    const { creatives: _none, ...plain } = approved;
    expect(contentChanges(plain, { ...plain, targetUrl: 'https://suds.example/new' })).toEqual([
      {
        field: 'targetUrl',
        creative: null,
        before: 'https://suds.example/offers',
        after: 'https://suds.example/new',
      },
    ]);
  });
});
