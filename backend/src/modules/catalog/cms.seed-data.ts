/** CMS pages and blocks of the shop, as an admin would have written them in Magento's editor. */

export interface CmsPageSeed {
  id: number;
  identifier: string;
  title: string;
  contentHeading: string | null;
  content: string;
  metaTitle: string | null;
  metaDescription: string | null;
  metaKeywords: string | null;
  pageLayout: string;
}

const HOME = `
<section class="home-hero">
  <h1>Glasses that fit your face and your prescription</h1>
  <p>Frames drawn to the millimetre, lenses made to your prescription, and a mirror in your browser to try them on first.</p>
  <p><a class="button" href="/eyeglasses.html">Shop eyeglasses</a> <a class="button" href="/try-on-glasses">Try frames on</a></p>
</section>
<section class="home-categories">
  <h2>Find your frame</h2>
  <ul>
    <li><a href="/eyeglasses/women.html"><img src="/media/catalog/category/women.png" alt="" loading="lazy" width="320" height="400"/>Women</a></li>
    <li><a href="/eyeglasses/men.html"><img src="/media/catalog/category/men.png" alt="" loading="lazy" width="320" height="400"/>Men</a></li>
    <li><a href="/eyeglasses/kids.html"><img src="/media/catalog/category/kids.png" alt="" loading="lazy" width="320" height="400"/>Kids</a></li>
    <li><a href="/sunglasses.html"><img src="/media/catalog/category/sunglasses.png" alt="" loading="lazy" width="320" height="400"/>Sunglasses</a></li>
    <li><a href="/blue-light-glasses.html"><img src="/media/catalog/category/blue-light-glasses.png" alt="" loading="lazy" width="320" height="400"/>Blue-light</a></li>
    <li><a href="/progressive-ready.html"><img src="/media/catalog/category/progressive-ready.png" alt="" loading="lazy" width="320" height="400"/>Progressive-ready</a></li>
  </ul>
</section>
<section class="home-try-on">
  <h2>Try them on before you buy</h2>
  <p>Our virtual try-on places every frame on your face at its real size, from your camera or from a photo. Nothing leaves your device: the face tracking runs in your browser.</p>
</section>
<section class="home-lenses">
  <h2>Lenses made for you</h2>
  <p>Choose single vision for distance or reading, progressive lenses, or plain lenses. Pick a thinner index for strong prescriptions, then add an anti-reflective, blue-light, photochromic, tinted or polarised finish. Type your prescription in, or send it after your order.</p>
  <p><a href="/sale.html">See this season's frames on sale</a></p>
</section>`;

const ABOUT = `
<p>Lunette Eyewear was started by two opticians who thought buying glasses online should feel like a good fitting in a shop.</p>
<p>Every frame is measured (lens width, bridge, temples and lens height) so you can compare it with the glasses you own, and every lens is cut to your prescription by our lab.</p>
<h2>Our promise</h2>
<ul><li>Prescriptions checked by an optician before your lenses are cut.</li><li>30 days to change your mind.</li><li>A one-year warranty on frames and lens coatings.</li></ul>`;

const SHIPPING = `
<h2>Shipping</h2>
<p>Frames without a prescription arrive in {{standard_delivery_days}} working days with standard shipping, or {{express_delivery_days}} with express shipping. Prescription glasses are made in our lab first, which adds {{lab_working_days}} working days.</p>
<p>Standard shipping is free on orders of {{free_shipping_subtotal}} or more; express shipping is available at checkout.</p>
<h2>Returns</h2>
<p>Return any frame within 30 days of delivery for a refund or an exchange. Prescription lenses are made for you: if they do not suit you, we remake them once for free.</p>`;

const PRIVACY = `
<p>This privacy policy explains which personal data Lunette Eyewear collects, why, and how you can control it.</p>
<h2>What we collect</h2>
<ul><li>Your name, addresses, email and order history, to deliver your orders.</li><li>Your prescriptions, only to make your lenses; you can delete saved prescriptions from your account.</li><li>Try-on images never leave your device.</li></ul>
<h2>Cookies</h2>
<p>We use cookies that keep your cart and your sign-in. Without them, the shop cannot work; we use no advertising cookies.</p>`;

const NO_ROUTE = `
<p>Looks like the page you were hoping to find doesn't exist. Sorry about that.</p>
<p><a href="/">Back to the home page</a> or <a href="/eyeglasses.html">browse our eyeglasses</a>.</p>`;

export const CMS_PAGES: CmsPageSeed[] = [
  {
    id: 1,
    identifier: 'no-route',
    title: '404 Not Found',
    contentHeading: 'Whoops, our bad...',
    content: NO_ROUTE,
    metaTitle: null,
    metaDescription: null,
    metaKeywords: null,
    pageLayout: '1column',
  },
  {
    id: 2,
    identifier: 'home',
    title: 'Home Page',
    contentHeading: null,
    content: HOME,
    metaTitle: 'Lunette Eyewear: prescription glasses, sunglasses and virtual try-on',
    metaDescription: 'Prescription glasses and sunglasses, customised with your lenses and tried on with your camera.',
    metaKeywords: 'glasses, eyeglasses, sunglasses, prescription lenses, virtual try-on',
    pageLayout: '1column',
  },
  {
    id: 3,
    identifier: 'about-us',
    title: 'About us',
    contentHeading: 'About Lunette Eyewear',
    content: ABOUT,
    metaTitle: 'About us',
    metaDescription: 'Who makes your glasses at Lunette Eyewear.',
    metaKeywords: null,
    pageLayout: '1column',
  },
  {
    id: 4,
    identifier: 'shipping-returns',
    title: 'Shipping and returns',
    contentHeading: 'Shipping and returns',
    content: SHIPPING,
    metaTitle: 'Shipping and returns',
    metaDescription: 'Delivery times, shipping costs and our 30-day returns.',
    metaKeywords: null,
    pageLayout: '1column',
  },
  {
    id: 5,
    identifier: 'privacy-policy-cookie-restriction-mode',
    title: 'Privacy and Cookie Policy',
    contentHeading: 'Privacy and Cookie Policy',
    content: PRIVACY,
    metaTitle: 'Privacy and Cookie Policy',
    metaDescription: null,
    metaKeywords: null,
    pageLayout: '1column',
  },
];

export const CMS_BLOCKS = [
  {
    id: 1,
    identifier: 'footer-links',
    title: 'Footer links',
    content:
      '<ul class="footer-links"><li><a href="/about-us">About us</a></li><li><a href="/shipping-returns">Shipping and returns</a></li><li><a href="/privacy-policy-cookie-restriction-mode">Privacy and Cookie Policy</a></li><li><a href="/contact-us">Contact us</a></li></ul>',
  },
  {
    id: 2,
    identifier: 'lens-promo',
    title: 'Lens promotion',
    content: '<p class="lens-promo">Free anti-reflective coating on every prescription lens this month.</p>',
  },
];
