import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@laundry/ui';
import { serverMessage } from '../api/http-client.ts';
import { handledAsSignedOut } from '../api/sign-in.ts';
import { uploadPhoto } from '../api/upload-photo.ts';
import { uploadPercent } from '../domain/photo-upload.ts';
import { useText } from '../shared/use-text.ts';
import { photosQueryRoot } from './use-photos.ts';

export interface UploadProgress {
  /** 1-based number of the file being sent. */
  index: number;
  count: number;
  name: string;
  percent: number;
}

/** Sends the files one after another with their progress; stops at the first failure. */
export function usePhotoUpload(onDone: () => void) {
  const { t } = useText();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const upload = async (files: readonly File[], fields: Record<string, string>) => {
    controller.current = new AbortController();
    let sent = 0;
    try {
      for (const [i, file] of files.entries()) {
        const base = { index: i + 1, count: files.length, name: file.name };
        setProgress({ ...base, percent: 0 });
        await uploadPhoto({
          file,
          fields,
          signal: controller.current.signal,
          onProgress: (loaded, total) => setProgress({ ...base, percent: uploadPercent(loaded, total) }),
        });
        sent += 1;
      }
      toast({
        title: t('upload.successTitle'),
        description: t('upload.successText', { count: sent }),
        variant: 'success',
      });
      onDone();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (handledAsSignedOut(error, t)) return;
      toast({
        title: t('upload.failed'),
        description: serverMessage(error) ?? t('common:status.tryAgainLater'),
        variant: 'destructive',
      });
    } finally {
      setProgress(null);
      controller.current = null;
      if (sent > 0) void queryClient.invalidateQueries({ queryKey: photosQueryRoot });
    }
  };

  return {
    upload,
    progress,
    isUploading: progress !== null,
    cancel: () => controller.current?.abort(),
  };
}
