//! Arbitrary bytes through the upload path of `media::images` (sniff, limited decode,
//! orientation, resize, WebP re-encode) and the assistant's photo analysis.
//!
//! Beyond "no panic", it checks the promises the shop relies on: whatever is accepted was
//! recognised as JPEG, PNG or WebP from its bytes, fits the dimension limit, and comes out
//! as two WebP files no larger than the card and detail sizes.

#![no_main]

use hariyali::assistant::photo::analyse_bytes;
use hariyali::media::images::{
    decode, process_plant_photo, sniff, CARD_SIZE, DETAIL_SIZE, MAX_DIMENSION, PLANT_PHOTO,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let format = sniff(bytes);
    let decoded = decode(bytes, &PLANT_PHOTO);
    if let Ok(image) = &decoded {
        assert!(
            format.is_some(),
            "decoded bytes that were not sniffed as an image"
        );
        assert!(image.width() <= MAX_DIMENSION && image.height() <= MAX_DIMENSION);
    }
    // Re-encoding costs far more than decoding; only what decodes gets that far anyway.
    if let Ok(image) = decoded {
        let processed = process_plant_photo(bytes).expect("decodable bytes must process");
        for (webp, size) in [
            (&processed.card, CARD_SIZE),
            (&processed.detail, DETAIL_SIZE),
        ] {
            assert_eq!(
                image::guess_format(webp).ok(),
                Some(image::ImageFormat::WebP)
            );
            let out = image::load_from_memory(webp).expect("our WebP decodes");
            assert!(out.width() <= size && out.height() <= size);
            // Never scaled up.
            assert!(out.width() <= image.width().max(1) && out.height() <= image.height().max(1));
        }
        assert_eq!(processed.hash.len(), 24);
    }
    // The assistant decodes under the same limits and must agree on what is an image.
    if let Ok(photo) = analyse_bytes(bytes, true) {
        assert!(format.is_some());
        let r = &photo.report;
        // Shares and measures feed percentages shown to customers: finite and in range.
        for share in [
            r.plant_share,
            r.healthy,
            r.yellowing,
            r.browning,
            r.spots,
            r.powder,
        ] {
            assert!((0.0..=1.0).contains(&share), "share out of range: {r:?}");
        }
        assert!(r.brightness.is_finite() && r.sharpness.is_finite(), "{r:?}");
        let _ = r.findings();
        let preview = photo.preview_jpeg.expect("asked for a preview");
        assert_eq!(
            image::guess_format(&preview).ok(),
            Some(image::ImageFormat::Jpeg)
        );
    }
});
