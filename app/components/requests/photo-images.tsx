/** The images of a photo of mail, served by the app to their owner and staff only. */
export function PhotoImages({ photoId, count }: { photoId: string; count: number }) {
  if (count === 0) return null;
  return (
    <div className="photo-images">
      {Array.from({ length: count }, (_, index) => (
        <a key={index} href={`/requests/photo/${photoId}/image/${index + 1}`}>
          <img
            src={`/requests/photo/${photoId}/image/${index + 1}`}
            alt={count > 1 ? `Your photo of the mail piece, ${index + 1} of ${count}` : "Your photo of the mail piece"}
            loading="lazy"
            decoding="async"
          />
        </a>
      ))}
    </div>
  );
}
