/**
 * The shop's trust pages as data: Shipping & Delivery, Returns & Replacement, Privacy,
 * Terms and the Grievance Officer. Every promise here is one of the shop facts the
 * assistant also answers with (free shipping, COD only, delivery times by PIN, the 48-hour
 * damaged-on-arrival promise, cancelling while pending). Contact details are filled in from
 * `GET /api/config` at render time: `{email}`, `{shop}`, `{officer}`, `{grievanceEmail}`.
 */

export const POLICY_SLUGS = ['shipping', 'returns', 'privacy', 'terms', 'grievance'] as const;
export type PolicySlug = (typeof POLICY_SLUGS)[number];

export interface PolicySection {
  heading: string;
  paragraphs: string[];
}

export interface Policy {
  title: string;
  intro: string;
  sections: PolicySection[];
}

type Language = 'en' | 'hi';

export const POLICIES: Record<Language, Record<PolicySlug, Policy>> = {
  en: {
    shipping: {
      title: 'Shipping & Delivery',
      intro: 'Shipping is free on every order, with no minimum order value. You pay in cash when the plants arrive.',
      sections: [
        {
          heading: 'How long delivery takes',
          paragraphs: [
            'Metro cities (PIN codes starting 11 Delhi, 40 Mumbai, 41 Pune, 50 Hyderabad, 56 Bengaluru, 60 Chennai, 70 Kolkata): 2-4 days.',
            'The rest of India: 4-8 days.',
            'The Andaman and Nicobar Islands (PIN 744…) and Lakshadweep (PIN 68255x) are not served yet.',
          ],
        },
        {
          heading: 'Payment',
          paragraphs: ['Cash on Delivery only: pay in cash (the exact amount helps) when the plant arrives. There is no card, UPI or online payment at checkout.'],
        },
        {
          heading: 'Following your order',
          paragraphs: [
            'Every order goes pending → processing → shipped → delivered. Signed-in customers see each order and its status timeline in My Orders.',
            'You can cancel an order yourself while it is pending (My Orders → Cancel Order). Once it is processing, write to us at {email}.',
          ],
        },
        {
          heading: 'Pots',
          paragraphs: ['Plants come in a nursery pot unless the listing says otherwise.'],
        },
      ],
    },
    returns: {
      title: 'Returns & Replacement',
      intro: 'Plants are living things, so we look after the ones that arrive hurt, and you never pay for a parcel you do not take.',
      sections: [
        {
          heading: 'Damaged or dead on arrival',
          paragraphs: [
            'Tell us within 48 hours of delivery, with a photo of the plant and of the box, by email to {email}{whatsappLine}.',
            'We send a free replacement, or, if the plant is out of stock, a full refund to your UPI ID or bank account. Nothing needs to be sent back.',
          ],
        },
        {
          heading: 'Changing your mind',
          paragraphs: [
            'There is no change-of-mind return after delivery, because plants are living.',
            'Because you pay on delivery, you can simply refuse the parcel at the door and you pay nothing.',
            'Before it ships, you can cancel a pending order yourself in My Orders.',
          ],
        },
      ],
    },
    privacy: {
      title: 'Privacy',
      intro: '{shop} keeps only what it needs to deliver your plants.',
      sections: [
        {
          heading: 'What we keep',
          paragraphs: [
            'Your name, email and password (stored only as a secure hash), your delivery address and phone number, your cart, your orders and your ratings.',
            'Photos you send to the plant care assistant are used to answer you.',
          ],
        },
        {
          heading: 'What we do with it',
          paragraphs: [
            'We use your address and phone number to deliver your orders and to reach you about them. We do not sell your data or use it for advertising.',
            'On this device the site stores your sign-in, cart, language and theme in the browser so they are there when you come back.',
          ],
        },
        {
          heading: 'Your choices',
          paragraphs: ['You can change your name and saved address in your profile at any time. To have your account removed, write to {email}.'],
        },
      ],
    },
    terms: {
      title: 'Terms of Use',
      intro: 'These terms cover buying plants from {shop}.',
      sections: [
        {
          heading: 'Orders and prices',
          paragraphs: [
            'Prices are in Indian rupees and include everything: shipping is free and there is no extra tax at checkout. Stock is taken when you place an order.',
            'Payment is Cash on Delivery only.',
          ],
        },
        {
          heading: 'Cancelling',
          paragraphs: ['You can cancel while an order is pending. Once it is processing, contact {email}.'],
        },
        {
          heading: 'Replacements',
          paragraphs: ['Plants that arrive damaged or dead are replaced or refunded as our Returns & Replacement page describes.'],
        },
        {
          heading: 'Complaints',
          paragraphs: ['If something goes wrong, write to {email}; if you are not satisfied, our Grievance Officer will look into it.'],
        },
      ],
    },
    grievance: {
      title: 'Grievance Officer',
      intro: 'As the Consumer Protection (E-Commerce) Rules, 2020 require, {shop} has a Grievance Officer for complaints.',
      sections: [
        {
          heading: 'Who to write to',
          paragraphs: ['{officer}', 'Email: {grievanceEmail}'],
        },
        {
          heading: 'What happens next',
          paragraphs: ['We acknowledge your complaint within 48 hours and resolve it within 30 days of receiving it.'],
        },
      ],
    },
  },
  hi: {
    shipping: {
      title: 'शिपिंग और डिलीवरी',
      intro: 'हर ऑर्डर पर शिपिंग मुफ़्त है, कोई न्यूनतम ऑर्डर राशि नहीं। पौधे पहुँचने पर नकद भुगतान करें।',
      sections: [
        {
          heading: 'डिलीवरी में कितना समय लगता है',
          paragraphs: [
            'मेट्रो शहर (पिन कोड 11 दिल्ली, 40 मुंबई, 41 पुणे, 50 हैदराबाद, 56 बेंगलुरु, 60 चेन्नई, 70 कोलकाता से शुरू): 2-4 दिन।',
            'बाकी भारत: 4-8 दिन।',
            'अंडमान और निकोबार द्वीप समूह (पिन 744…) और लक्षद्वीप (पिन 68255x) में अभी डिलीवरी नहीं होती।',
          ],
        },
        {
          heading: 'भुगतान',
          paragraphs: ['केवल कैश ऑन डिलीवरी: पौधा पहुँचने पर नकद दें (खुले पैसे हों तो अच्छा)। चेकआउट पर कार्ड, UPI या ऑनलाइन भुगतान नहीं है।'],
        },
        {
          heading: 'ऑर्डर की स्थिति',
          paragraphs: [
            'हर ऑर्डर pending → processing → shipped → delivered चलता है। साइन-इन ग्राहक मेरे ऑर्डर में हर ऑर्डर और उसकी टाइमलाइन देखते हैं।',
            'ऑर्डर pending रहते आप खुद रद्द कर सकते हैं (मेरे ऑर्डर → ऑर्डर रद्द करें)। processing होने के बाद {email} पर लिखें।',
          ],
        },
        {
          heading: 'गमले',
          paragraphs: ['पौधे नर्सरी गमले में आते हैं, जब तक लिस्टिंग में कुछ और न लिखा हो।'],
        },
      ],
    },
    returns: {
      title: 'रिटर्न और रिप्लेसमेंट',
      intro: 'पौधे जीवित होते हैं, इसलिए चोट खाकर पहुँचे पौधों की ज़िम्मेदारी हमारी है, और जो पार्सल आप न लें उसका कोई पैसा नहीं।',
      sections: [
        {
          heading: 'टूटा या मरा हुआ पहुँचा',
          paragraphs: [
            'डिलीवरी के 48 घंटे के अंदर पौधे और डिब्बे की फ़ोटो के साथ {email} पर ईमेल करें{whatsappLine}।',
            'हम मुफ़्त रिप्लेसमेंट भेजेंगे, या पौधा स्टॉक में न हो तो आपके UPI या बैंक खाते में पूरा रिफ़ंड। कुछ भी वापस भेजने की ज़रूरत नहीं।',
          ],
        },
        {
          heading: 'मन बदल जाए तो',
          paragraphs: [
            'पौधे जीवित होते हैं, इसलिए डिलीवरी के बाद मन बदलने पर रिटर्न नहीं होता।',
            'भुगतान डिलीवरी पर होता है, इसलिए आप दरवाज़े पर ही पार्सल लेने से मना कर सकते हैं और कुछ नहीं देना होगा।',
            'शिप होने से पहले pending ऑर्डर आप मेरे ऑर्डर में खुद रद्द कर सकते हैं।',
          ],
        },
      ],
    },
    privacy: {
      title: 'गोपनीयता',
      intro: '{shop} केवल वही रखता है जो आपके पौधे पहुँचाने के लिए ज़रूरी है।',
      sections: [
        {
          heading: 'हम क्या रखते हैं',
          paragraphs: [
            'आपका नाम, ईमेल और पासवर्ड (केवल सुरक्षित हैश के रूप में), डिलीवरी पता और फ़ोन नंबर, कार्ट, ऑर्डर और रेटिंग।',
            'प्लांट केयर असिस्टेंट को भेजी गई फ़ोटो केवल आपको जवाब देने में इस्तेमाल होती हैं।',
          ],
        },
        {
          heading: 'हम इसका क्या करते हैं',
          paragraphs: [
            'पता और फ़ोन नंबर आपके ऑर्डर पहुँचाने और उनके बारे में आपसे संपर्क के लिए हैं। हम आपका डेटा बेचते नहीं और विज्ञापन के लिए इस्तेमाल नहीं करते।',
            'इस डिवाइस पर साइट आपका साइन-इन, कार्ट, भाषा और थीम ब्राउज़र में रखती है ताकि लौटने पर वे वहीं मिलें।',
          ],
        },
        {
          heading: 'आपके विकल्प',
          paragraphs: ['अपना नाम और सहेजा पता प्रोफ़ाइल में कभी भी बदलें। खाता हटवाने के लिए {email} पर लिखें।'],
        },
      ],
    },
    terms: {
      title: 'उपयोग की शर्तें',
      intro: 'ये शर्तें {shop} से पौधे खरीदने पर लागू होती हैं।',
      sections: [
        {
          heading: 'ऑर्डर और दाम',
          paragraphs: ['दाम भारतीय रुपये में हैं और सब कुछ शामिल है: शिपिंग मुफ़्त है और चेकआउट पर कोई अतिरिक्त टैक्स नहीं। ऑर्डर देते ही स्टॉक आपके लिए रखा जाता है।', 'भुगतान केवल कैश ऑन डिलीवरी।'],
        },
        {
          heading: 'रद्द करना',
          paragraphs: ['ऑर्डर pending रहते आप रद्द कर सकते हैं। processing होने के बाद {email} से संपर्क करें।'],
        },
        {
          heading: 'रिप्लेसमेंट',
          paragraphs: ['टूटे या मरे हुए पहुँचे पौधे हमारे रिटर्न और रिप्लेसमेंट पेज के अनुसार बदले या रिफ़ंड किए जाते हैं।'],
        },
        {
          heading: 'शिकायत',
          paragraphs: ['कुछ गलत हो तो {email} पर लिखें; संतुष्ट न हों तो हमारे शिकायत अधिकारी इसे देखेंगे।'],
        },
      ],
    },
    grievance: {
      title: 'शिकायत अधिकारी',
      intro: 'उपभोक्ता संरक्षण (ई-कॉमर्स) नियम, 2020 के अनुसार {shop} के पास शिकायतों के लिए एक शिकायत अधिकारी है।',
      sections: [
        {
          heading: 'किसे लिखें',
          paragraphs: ['{officer}', 'ईमेल: {grievanceEmail}'],
        },
        {
          heading: 'आगे क्या होगा',
          paragraphs: ['हम 48 घंटे में आपकी शिकायत की पावती देते हैं और मिलने के 30 दिन के अंदर उसका समाधान करते हैं।'],
        },
      ],
    },
  },
};
