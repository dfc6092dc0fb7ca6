import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GeocodeSuggestResponse } from '@laundry/contracts';
import { getJson } from '../api/http-client.ts';
import { appendPlaceHints, type PlaceHints } from '../domain/place-hints.ts';

/** A pause in typing before asking: each keystroke would otherwise be a request. */
const TYPING_PAUSE_MS = 150;
const MIN_LETTERS = 2;

const noSuggestions: GeocodeSuggestResponse = { suggestions: [], didYouMean: [] };

/**
 * Places for the text as it is typed (GET /api/geocode/suggest): up to five suggestions, and close
 * spellings when a search for the text finds no place. The last answer stays while the next is on its
 * way, so the list does not flicker as letters are added.
 */
export function usePlaceSuggestions(text: string, hints: PlaceHints, enabled = true): GeocodeSuggestResponse {
  const trimmed = text.trim();
  const [settled, setSettled] = useState(trimmed);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(trimmed), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [trimmed]);
  const queryString = appendPlaceHints(new URLSearchParams({ q: settled }), hints).toString();
  const { data } = useQuery({
    queryKey: ['/api/geocode/suggest', queryString],
    queryFn: async () => (await getJson<GeocodeSuggestResponse>(['/api/geocode/suggest', queryString])).data,
    enabled: enabled && settled.length >= MIN_LETTERS,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
    // A suggestion that does not come is no error to show: the box works without it.
    retry: false,
  });
  if (!enabled || trimmed.length < MIN_LETTERS) return noSuggestions;
  return data ?? noSuggestions;
}
