import type { Photo } from '@laundry/contracts';
import { Button, Dialog, DialogFooter } from '@laundry/ui';
import { useDeletePhoto } from '../hooks/use-photos.ts';
import { useText } from '../shared/use-text.ts';

/** docs/product.md, Pages: the owner confirms before a photo is deleted; the list is fetched again after. */
export function DeletePhotoDialog({ photo, onClose }: { photo: Photo | null; onClose: () => void }) {
  const { t } = useText();
  const remove = useDeletePhoto(onClose);
  return (
    <Dialog
      open={photo !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('gallery.deleteTitle')}
      description={t('gallery.deleteConfirm')}
    >
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending || photo === null}
          onClick={() => photo && remove.mutate(photo.id)}
        >
          {remove.isPending ? t('gallery.deleting') : t('gallery.delete')}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
