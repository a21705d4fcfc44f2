/**
 * Fixtures for the internal-links benchmark (and the browser test): a blog
 * of 200 posts on distinct topics — 20 categories of 10 — written from
 * templates, and 20 new articles, written by hand, each with the one post it
 * should link to most.
 *
 * Each topic names its title, its key phrase, two tags and five words of its
 * own; the templates weave them into four paragraphs of ordinary blog prose
 * (with the generic words every post shares: "guide", "beginners", "tips",
 * "season", ...), so a post is findable by its subject and not by the
 * template around it.
 */

type Topic = readonly [title: string, phrase: string, tags: readonly [string, string], words: readonly string[]];

const CATEGORIES: Readonly<Record<string, readonly Topic[]>> = {
  Gardening: [
    ["How to Start a Compost Heap", "compost heap", ["compost", "soil"], ["kitchen scraps", "dry leaves", "turning fork", "nitrogen", "moisture"]],
    ["Building Raised Garden Beds", "raised beds", ["raised beds", "timber"], ["untreated larch", "drainage", "topsoil", "corner posts", "weed membrane"]],
    ["Stopping Tomato Blight Before It Spreads", "tomato blight", ["tomatoes", "plant disease"], ["brown spots", "humid weather", "resistant varieties", "lower leaves", "copper spray"]],
    ["Growing Garlic Through the Winter", "growing garlic", ["garlic", "winter crops"], ["cloves", "hardneck", "scapes", "frost", "curing"]],
    ["Pruning Roses the Right Way", "pruning roses", ["roses", "pruning"], ["secateurs", "outward bud", "dead wood", "climbers", "late winter"]],
    ["Saving Seeds From Your Own Vegetables", "saving seeds", ["seeds", "heirloom"], ["open pollinated", "paper envelopes", "germination test", "beans", "isolation distance"]],
    ["Controlling Slugs Without Poison", "controlling slugs", ["slugs", "pest control"], ["beer traps", "copper tape", "night patrol", "hedgehogs", "seedlings"]],
    ["A Beginner's Guide to Growing Potatoes", "growing potatoes", ["potatoes", "vegetables"], ["seed potatoes", "chitting", "earthing up", "first earlies", "scab"]],
    ["Planting a Wildflower Meadow", "wildflower meadow", ["wildflowers", "pollinators"], ["yellow rattle", "poor soil", "scything", "bees", "seed mix"]],
    ["Watering Your Garden in a Drought", "watering in a drought", ["watering", "drought"], ["water butts", "mulch", "drip irrigation", "evening", "grey water"]],
  ],
  Baking: [
    ["Keeping a Sourdough Starter Alive", "sourdough starter", ["sourdough", "fermentation"], ["rye flour", "feeding schedule", "hooch", "levain", "wild yeast"]],
    ["Baking Your First Focaccia", "focaccia", ["focaccia", "bread"], ["olive oil", "dimpling", "rosemary", "flaky salt", "high hydration"]],
    ["Laminating Dough for Croissants", "croissants", ["croissants", "pastry"], ["butter block", "lamination", "folds", "proofing", "honeycomb crumb"]],
    ["Why Your Macarons Crack", "macarons", ["macarons", "french baking"], ["almond flour", "aged egg whites", "macaronage", "feet", "resting the shells"]],
    ["Making Shortcrust Pastry by Hand", "shortcrust pastry", ["pastry", "pies"], ["cold butter", "blind baking", "baking beans", "soggy bottom", "crumb texture"]],
    ["Baking Gluten-Free Bread That Holds Together", "gluten-free bread", ["gluten free", "bread"], ["psyllium husk", "buckwheat flour", "xanthan gum", "loaf tin", "binder"]],
    ["Decorating Cakes With Buttercream", "buttercream", ["cake decorating", "buttercream"], ["piping bags", "crumb coat", "offset spatula", "rosettes", "turntable"]],
    ["Proper New York Bagels at Home", "bagels", ["bagels", "bread"], ["malt syrup", "boiling", "cold retard", "high gluten flour", "everything seasoning"]],
    ["Chewy Chocolate Chip Cookies Explained", "chocolate chip cookies", ["cookies", "chocolate"], ["brown butter", "chilling the dough", "dark chocolate", "chewy centres", "sea salt"]],
    ["Baking Cinnamon Rolls for a Crowd", "cinnamon rolls", ["cinnamon rolls", "sweet dough"], ["enriched dough", "cinnamon sugar", "cream cheese icing", "overnight rise", "tangzhong"]],
  ],
  Coffee: [
    ["Dialling In Espresso at Home", "dialling in espresso", ["espresso", "coffee"], ["grind size", "shot time", "portafilter", "yield ratio", "channeling"]],
    ["Brewing Pour-Over Coffee", "pour-over", ["pour over", "filter coffee"], ["gooseneck kettle", "bloom", "paper filter", "spiral pour", "v60"]],
    ["Making Cold Brew Concentrate", "cold brew", ["cold brew", "iced coffee"], ["coarse grind", "steeping overnight", "concentrate", "mason jar", "dilution"]],
    ["Choosing a Burr Grinder", "burr grinder", ["grinders", "coffee gear"], ["conical burrs", "flat burrs", "retention", "stepless", "fines"]],
    ["Roasting Coffee Beans at Home", "roasting coffee", ["roasting", "green beans"], ["first crack", "popcorn popper", "chaff", "degassing", "roast level"]],
    ["Getting Started With the AeroPress", "aeropress", ["aeropress", "brewing"], ["inverted method", "plunger", "microfilter", "steep time", "travel brewing"]],
    ["Steaming Milk for Latte Art", "latte art", ["latte art", "milk"], ["steam wand", "microfoam", "rosetta", "pitcher", "whole milk"]],
    ["Descaling Your Espresso Machine", "descaling", ["maintenance", "espresso machines"], ["limescale", "citric acid", "backflushing", "water hardness", "group head"]],
    ["Brewing Loose Leaf Green Tea", "green tea", ["tea", "green tea"], ["sencha", "water temperature", "steep time", "matcha", "bitterness"]],
    ["Making Chai From Whole Spices", "masala chai", ["chai", "spices"], ["cardamom pods", "fresh ginger", "black tea", "simmering", "cloves"]],
  ],
  Travel: [
    ["Packing Light for Two Weeks", "packing light", ["packing", "carry on"], ["capsule wardrobe", "packing cubes", "merino", "laundry", "toiletries"]],
    ["Beating Jet Lag on Long Flights", "jet lag", ["jet lag", "flights"], ["melatonin", "sunlight", "time zones", "hydration", "sleep schedule"]],
    ["Taking the Night Train Across Europe", "night trains", ["trains", "europe"], ["sleeper cabin", "couchette", "interrail", "border crossing", "dining car"]],
    ["Travelling on a Shoestring Budget", "budget travel", ["budget", "backpacking"], ["hostels", "street food", "off season", "overland buses", "daily budget"]],
    ["Getting Around Tokyo by Metro", "tokyo metro", ["japan", "tokyo"], ["suica card", "rush hour", "line colours", "yamanote", "station exits"]],
    ["Renting a Campervan in New Zealand", "campervan", ["new zealand", "road trips"], ["freedom camping", "holiday parks", "dump stations", "south island", "self contained"]],
    ["Travel Insurance Explained", "travel insurance", ["insurance", "planning"], ["medical cover", "cancellation", "excess", "pre-existing conditions", "claims"]],
    ["Eating Your Way Through Lisbon", "lisbon food", ["lisbon", "portugal"], ["pasteis de nata", "grilled sardines", "tascas", "ginjinha", "time out market"]],
    ["Slow Travel in Rural Italy", "slow travel", ["italy", "slow travel"], ["agriturismo", "hill towns", "regional trains", "market days", "olive harvest"]],
    ["Solo Travel Safety Tips", "solo travel", ["solo travel", "safety"], ["share your itinerary", "arrive in daylight", "scams", "hostel lockers", "trusting instincts"]],
  ],
  Hiking: [
    ["Breaking In New Hiking Boots", "hiking boots", ["boots", "gear"], ["blisters", "leather", "insoles", "ankle support", "wool socks"]],
    ["Navigating With Map and Compass", "map and compass", ["navigation", "skills"], ["contour lines", "bearing", "declination", "grid reference", "orienteering"]],
    ["Planning a Thru-Hike", "thru-hike", ["thru hiking", "long distance"], ["resupply boxes", "trail towns", "zero days", "permits", "base weight"]],
    ["Hiking Safely in Thunderstorms", "thunderstorms", ["weather", "safety"], ["lightning", "exposed ridges", "afternoon storms", "crouch", "forecast"]],
    ["Ultralight Backpacking Gear", "ultralight backpacking", ["ultralight", "backpacking"], ["trekking pole tent", "quilt", "frameless pack", "titanium pot", "cuben fiber"]],
    ["Filtering Water on the Trail", "water filter", ["water", "backcountry"], ["squeeze filter", "giardia", "purification tablets", "boiling", "springs"]],
    ["Your First Scramble on a Rocky Ridge", "scrambling", ["scrambling", "mountains"], ["three points of contact", "exposure", "grade one", "helmet", "loose rock"]],
    ["Hiking With Kids", "hiking with kids", ["family", "kids"], ["short loops", "snacks", "trail games", "carrier", "turnaround time"]],
    ["Winter Hiking and Microspikes", "winter hiking", ["winter", "snow"], ["microspikes", "layering", "short daylight", "frozen water", "avalanche terrain"]],
    ["Leave No Trace Principles", "leave no trace", ["ethics", "outdoors"], ["pack it out", "durable surfaces", "campfire impact", "wildlife distance", "human waste"]],
  ],
  Cycling: [
    ["Fixing a Flat Bike Tyre", "flat tyre", ["repairs", "tyres"], ["inner tube", "tyre levers", "patch kit", "valve", "pump"]],
    ["Setting Your Saddle Height", "saddle height", ["bike fit", "comfort"], ["knee pain", "heel method", "seatpost", "pedal stroke", "setback"]],
    ["Commuting to Work by Bike", "bike commuting", ["commuting", "city cycling"], ["panniers", "mudguards", "lights", "bike lanes", "shower at work"]],
    ["Going Tubeless on Your Mountain Bike", "tubeless tyres", ["tubeless", "mountain biking"], ["sealant", "rim tape", "burping", "tyre pressure", "valve core"]],
    ["Cleaning and Lubing a Bike Chain", "chain lube", ["maintenance", "drivetrain"], ["degreaser", "wax", "chain wear", "cassette", "wet lube"]],
    ["Training for Your First Century Ride", "century ride", ["training", "endurance"], ["base miles", "fuelling", "group riding", "cadence", "rest weeks"]],
    ["Choosing a Gravel Bike", "gravel bike", ["gravel", "bike buying"], ["tyre clearance", "flared bars", "geometry", "mounts", "wide range gearing"]],
    ["Adjusting Disc Brakes", "disc brakes", ["brakes", "repairs"], ["rotor rub", "caliper alignment", "pads", "bleeding", "squeal"]],
    ["Bikepacking Your First Overnighter", "bikepacking", ["bikepacking", "touring"], ["frame bag", "seat pack", "bivvy", "route planning", "handlebar roll"]],
    ["Indoor Cycling on a Smart Trainer", "smart trainer", ["indoor training", "trainers"], ["zwift", "ftp test", "erg mode", "sweat", "power zones"]],
  ],
  Running: [
    ["Couch to 5K in Eight Weeks", "couch to 5k", ["beginners", "5k"], ["walk run intervals", "rest days", "first parkrun", "pace", "motivation"]],
    ["Avoiding Shin Splints", "shin splints", ["injuries", "prevention"], ["overtraining", "calf raises", "cadence", "hard surfaces", "ice"]],
    ["Choosing Your Running Shoes", "running shoes", ["shoes", "gear"], ["cushioning", "heel drop", "gait analysis", "stability", "mileage"]],
    ["Training for a Marathon", "marathon training", ["marathon", "training plans"], ["long runs", "taper", "tempo runs", "carb loading", "race pace"]],
    ["Getting Started With Trail Running", "trail running", ["trail running", "off road"], ["vest", "technical descents", "grip", "elevation gain", "poles"]],
    ["Interval Training for Speed", "interval training", ["speed", "workouts"], ["track repeats", "recovery jogs", "vo2 max", "fartlek", "strides"]],
    ["Running in Hot Weather", "running in the heat", ["summer", "heat"], ["electrolytes", "early mornings", "heat acclimation", "sunscreen", "hydration vest"]],
    ["Breathing Technique for Runners", "breathing technique", ["breathing", "technique"], ["belly breathing", "rhythm", "side stitch", "nasal breathing", "easy pace"]],
    ["Strength Training for Runners", "strength training", ["strength", "cross training"], ["single leg squats", "glutes", "core", "deadlifts", "injury resilience"]],
    ["Recovering After a Race", "race recovery", ["recovery", "rest"], ["foam rolling", "sleep", "easy week", "muscle soreness", "reverse taper"]],
  ],
  Photography: [
    ["Understanding the Exposure Triangle", "exposure triangle", ["exposure", "basics"], ["aperture", "shutter speed", "iso", "light meter", "stops"]],
    ["Shooting Portraits in Natural Light", "natural light portraits", ["portraits", "lighting"], ["window light", "reflector", "golden hour", "catchlights", "open shade"]],
    ["Long Exposure Photography at Night", "long exposure", ["night photography", "long exposure"], ["tripod", "light trails", "bulb mode", "nd filter", "remote shutter"]],
    ["Editing RAW Files in Lightroom", "lightroom editing", ["editing", "lightroom"], ["white balance", "highlights", "presets", "masking", "export settings"]],
    ["Composition Beyond the Rule of Thirds", "composition", ["composition", "creativity"], ["leading lines", "negative space", "framing", "symmetry", "foreground interest"]],
    ["Photographing the Milky Way", "milky way", ["astrophotography", "stars"], ["dark sky", "wide aperture", "500 rule", "star tracker", "light pollution"]],
    ["Macro Photography of Insects", "macro photography", ["macro", "insects"], ["extension tubes", "focus stacking", "diffused flash", "depth of field", "early morning dew"]],
    ["Street Photography Without Fear", "street photography", ["street", "documentary"], ["zone focusing", "candid moments", "small camera", "consent", "decisive moment"]],
    ["Choosing Your First Prime Lens", "prime lens", ["lenses", "gear"], ["50mm", "fast aperture", "bokeh", "focal length", "sharpness"]],
    ["Backing Up Your Photo Library", "photo backup", ["backup", "storage"], ["external drives", "cloud storage", "3-2-1 rule", "catalog", "raid"]],
  ],
  "Home Repair": [
    ["Fixing a Dripping Tap", "dripping tap", ["plumbing", "repairs"], ["washer", "isolation valve", "cartridge", "spanner", "limescale"]],
    ["Patching Holes in Plasterboard", "patching plasterboard", ["walls", "plaster"], ["filler", "mesh patch", "sanding", "joint tape", "drywall"]],
    ["Bleeding Your Radiators", "bleeding radiators", ["heating", "radiators"], ["radiator key", "trapped air", "cold spots", "boiler pressure", "drip tray"]],
    ["Unblocking a Sink Without Chemicals", "blocked sink", ["plumbing", "drains"], ["plunger", "u-bend", "hair", "baking soda", "drain snake"]],
    ["Painting a Room Like a Pro", "painting a room", ["painting", "decorating"], ["masking tape", "cutting in", "roller", "primer", "second coat"]],
    ["Regrouting Bathroom Tiles", "regrouting tiles", ["tiling", "bathroom"], ["grout rake", "mould", "sealant", "grout float", "curing"]],
    ["Draught-Proofing Doors and Windows", "draught proofing", ["insulation", "energy saving"], ["draught excluder", "foam strip", "letterbox brush", "sash windows", "heat loss"]],
    ["Replacing a Light Switch Safely", "replacing a light switch", ["electrics", "safety"], ["fuse box", "voltage tester", "live wire", "earth", "faceplate"]],
    ["Fixing a Squeaky Floorboard", "squeaky floorboards", ["floors", "repairs"], ["joists", "screws", "talcum powder", "pipes underneath", "floorboard saw"]],
    ["Hanging Heavy Shelves on Any Wall", "hanging shelves", ["shelves", "diy"], ["wall plugs", "stud finder", "spirit level", "brackets", "masonry bit"]],
  ],
  Woodworking: [
    ["Sharpening Chisels to a Razor Edge", "sharpening chisels", ["sharpening", "hand tools"], ["whetstone", "honing guide", "burr", "bevel", "strop"]],
    ["Cutting Dovetail Joints by Hand", "dovetail joints", ["joinery", "hand tools"], ["dovetail saw", "marking gauge", "tails first", "coping saw", "baseline"]],
    ["Finishing Wood With Oil", "oil finish", ["finishing", "wood"], ["danish oil", "tung oil", "linseed", "rags", "spontaneous combustion"]],
    ["Setting Up Your First Workbench", "workbench", ["workshop", "benches"], ["vice", "bench dogs", "laminated top", "holdfast", "height"]],
    ["Table Saw Safety Basics", "table saw safety", ["power tools", "safety"], ["riving knife", "kickback", "push stick", "blade guard", "fence"]],
    ["Choosing Wood for Furniture", "choosing wood", ["timber", "furniture"], ["hardwood", "grain direction", "moisture content", "oak", "walnut"]],
    ["Turning Your First Bowl on a Lathe", "bowl turning", ["woodturning", "lathe"], ["bowl gouge", "green wood", "faceplate", "tool rest", "sanding sealer"]],
    ["Building a Simple Bookshelf", "bookshelf", ["projects", "furniture"], ["dados", "back panel", "shelf sag", "pocket screws", "square"]],
    ["Gluing Up Panels Without Gaps", "panel glue-up", ["glue", "clamps"], ["edge jointing", "bar clamps", "cauls", "open time", "squeeze out"]],
    ["Spoon Carving With Green Wood", "spoon carving", ["carving", "green wood"], ["sloyd knife", "hook knife", "birch", "axe work", "drying slowly"]],
  ],
  "Personal Finance": [
    ["Building an Emergency Fund", "emergency fund", ["saving", "budgeting"], ["three months", "high interest savings", "unexpected bills", "automatic transfers", "job loss"]],
    ["Paying Off Credit Card Debt", "credit card debt", ["debt", "credit cards"], ["avalanche method", "snowball method", "balance transfer", "minimum payments", "interest rate"]],
    ["Index Funds for Beginners", "index funds", ["investing", "index funds"], ["expense ratio", "diversification", "total market", "dollar cost averaging", "brokerage"]],
    ["Making a Zero-Based Budget", "zero-based budget", ["budgeting", "money"], ["every pound a job", "categories", "spreadsheet", "sinking funds", "monthly review"]],
    ["Saving for Retirement in Your Twenties", "retirement saving", ["retirement", "pensions"], ["compound interest", "employer match", "pension", "tax relief", "time horizon"]],
    ["Improving Your Credit Score", "credit score", ["credit", "borrowing"], ["credit report", "utilisation", "payment history", "hard searches", "electoral roll"]],
    ["Saving for a House Deposit", "house deposit", ["home buying", "saving"], ["mortgage", "lifetime isa", "first time buyer", "loan to value", "stamp duty"]],
    ["Cutting Your Grocery Bill", "grocery bill", ["frugal", "food budget"], ["meal planning", "own brands", "batch cooking", "reduced stickers", "shopping list"]],
    ["Negotiating a Pay Rise", "pay rise", ["career", "income"], ["market rate", "performance review", "evidence", "timing", "counter offer"]],
    ["Understanding Your Tax Return", "tax return", ["tax", "self employed"], ["allowable expenses", "deadline", "payments on account", "receipts", "personal allowance"]],
  ],
  Parenting: [
    ["Getting a Toddler to Sleep", "toddler sleep", ["sleep", "toddlers"], ["bedtime routine", "night waking", "nap transition", "blackout blinds", "consistency"]],
    ["Potty Training in a Week", "potty training", ["potty training", "toddlers"], ["accidents", "reward chart", "training pants", "readiness signs", "night time"]],
    ["Handling Toddler Tantrums", "tantrums", ["behaviour", "emotions"], ["meltdown", "staying calm", "naming feelings", "triggers", "distraction"]],
    ["Introducing Solid Foods", "weaning", ["weaning", "babies"], ["baby led weaning", "purees", "gagging", "allergens", "high chair"]],
    ["Limiting Screen Time for Kids", "screen time", ["screens", "technology"], ["tablet", "family rules", "educational apps", "screen free zones", "boredom"]],
    ["Raising Kids Who Love Reading", "reading to children", ["reading", "books"], ["picture books", "library card", "bedtime stories", "phonics", "reading aloud"]],
    ["Sibling Rivalry and Fair Play", "sibling rivalry", ["siblings", "family"], ["jealousy", "one to one time", "sharing", "fighting", "comparisons"]],
    ["Preparing for the First Day of School", "first day of school", ["school", "starting school"], ["uniform", "separation anxiety", "visiting the classroom", "packed lunch", "routine"]],
    ["Teaching Kids About Pocket Money", "pocket money", ["money", "kids"], ["saving jar", "chores", "spending", "allowance", "delayed gratification"]],
    ["Camping With a Baby", "camping with a baby", ["camping", "babies"], ["travel cot", "night feeds", "layers", "sun protection", "short trips"]],
  ],
  Dogs: [
    ["Crate Training a Puppy", "crate training", ["puppies", "training"], ["crate size", "whining", "treats", "short sessions", "night time"]],
    ["Stopping a Dog Pulling on the Lead", "lead pulling", ["walking", "training"], ["loose lead", "harness", "stop and wait", "high value treats", "heel"]],
    ["Teaching a Reliable Recall", "recall", ["recall", "training"], ["long line", "whistle", "proofing", "distractions", "jackpot reward"]],
    ["Feeding Your Dog Raw Food", "raw feeding", ["nutrition", "diet"], ["bones", "offal", "balance", "hygiene", "transition"]],
    ["Helping a Dog With Separation Anxiety", "separation anxiety", ["anxiety", "behaviour"], ["alone time", "departures", "chew toys", "camera", "desensitisation"]],
    ["Grooming a Double-Coated Dog", "grooming", ["grooming", "coat care"], ["undercoat rake", "shedding", "bathing", "nail clipping", "mats"]],
    ["Socialising a New Rescue Dog", "rescue dog", ["rescue", "adoption"], ["decompression", "three day rule", "trust", "safe space", "triggers"]],
    ["Keeping Your Dog's Teeth Clean", "dental care for dogs", ["health", "teeth"], ["toothbrush", "plaque", "dental chews", "bad breath", "vet check"]],
    ["Agility Training for Beginners", "agility training", ["agility", "sport"], ["weave poles", "tunnels", "contacts", "handling", "jumps"]],
    ["Travelling With Your Dog", "travelling with a dog", ["travel", "pets"], ["pet passport", "car harness", "dog friendly hotels", "rabies vaccine", "water bowl"]],
  ],
  Fitness: [
    ["Learning to Deadlift With Good Form", "deadlift form", ["strength", "barbell"], ["hip hinge", "neutral spine", "bar path", "bracing", "lockout"]],
    ["Your First Pull-Up", "pull-ups", ["bodyweight", "upper body"], ["negatives", "resistance bands", "dead hang", "scapular pulls", "grip"]],
    ["Stretching Routine for Desk Workers", "desk stretches", ["mobility", "posture"], ["hip flexors", "neck", "thoracic spine", "hourly breaks", "standing desk"]],
    ["High-Intensity Interval Training at Home", "hiit workouts", ["hiit", "cardio"], ["burpees", "tabata", "work to rest ratio", "heart rate", "no equipment"]],
    ["Kettlebell Swings for Beginners", "kettlebell swing", ["kettlebells", "conditioning"], ["hip drive", "hike pass", "russian swing", "grip strength", "posterior chain"]],
    ["Getting Enough Protein", "protein intake", ["nutrition", "muscle"], ["grams per kilo", "whey", "lentils", "meal timing", "satiety"]],
    ["Starting Yoga at Any Age", "beginner yoga", ["yoga", "flexibility"], ["sun salutation", "downward dog", "blocks", "breath", "mat"]],
    ["Progressive Overload Explained", "progressive overload", ["training", "programming"], ["rep ranges", "training log", "deload", "plateaus", "small increments"]],
    ["Fixing Rounded Shoulders", "rounded shoulders", ["posture", "mobility"], ["face pulls", "chest stretch", "band pull aparts", "upper back", "phone habits"]],
    ["Building a Home Gym on a Budget", "home gym", ["equipment", "budget"], ["adjustable dumbbells", "power rack", "second hand", "flooring", "bench"]],
  ],
  Guitar: [
    ["Learning Your First Guitar Chords", "first guitar chords", ["chords", "beginners"], ["open chords", "finger placement", "fretting hand", "chord changes", "sore fingertips"]],
    ["Mastering Barre Chords", "barre chords", ["chords", "technique"], ["index finger", "thumb position", "buzzing", "f major", "hand strength"]],
    ["Restringing an Acoustic Guitar", "restringing", ["strings", "maintenance"], ["bridge pins", "string winder", "stretching strings", "tuning pegs", "phosphor bronze"]],
    ["Fingerpicking Patterns to Practise", "fingerpicking", ["fingerstyle", "technique"], ["travis picking", "thumb independence", "arpeggios", "alternating bass", "nails"]],
    ["Learning the Pentatonic Scale", "pentatonic scale", ["scales", "soloing"], ["box shapes", "blues notes", "improvisation", "bends", "minor key"]],
    ["Setting Up Your Guitar's Action", "guitar action", ["setup", "maintenance"], ["truss rod", "string height", "saddle", "fret buzz", "intonation"]],
    ["Choosing a First Electric Guitar", "electric guitar", ["gear", "electric"], ["pickups", "humbuckers", "single coils", "neck profile", "amp"]],
    ["Strumming Patterns That Groove", "strumming patterns", ["rhythm", "strumming"], ["down up", "muting", "sixteenth notes", "metronome", "accent"]],
    ["Reading Guitar Tablature", "guitar tabs", ["tabs", "reading music"], ["fret numbers", "hammer ons", "slides", "timing", "songsterr"]],
    ["Practising Guitar Every Day", "practice routine", ["practice", "habits"], ["warm up", "timer", "slow practice", "recording yourself", "goals"]],
  ],
  Programming: [
    ["Learning Git Branching", "git branching", ["git", "version control"], ["merge conflicts", "rebase", "feature branches", "pull requests", "commit history"]],
    ["Writing Your First Unit Tests", "unit tests", ["testing", "quality"], ["assertions", "test runner", "mocks", "coverage", "red green refactor"]],
    ["Understanding Async and Await in JavaScript", "async await", ["javascript", "async"], ["promises", "event loop", "error handling", "parallel requests", "callbacks"]],
    ["Designing a REST API", "rest api design", ["api", "backend"], ["http verbs", "status codes", "pagination", "versioning", "resources"]],
    ["Indexing a Postgres Database", "database indexes", ["postgres", "performance"], ["query plan", "b-tree", "explain analyze", "sequential scan", "composite index"]],
    ["Getting Started With Docker Containers", "docker containers", ["docker", "devops"], ["dockerfile", "images", "volumes", "compose", "port mapping"]],
    ["Regular Expressions Without Tears", "regular expressions", ["regex", "text processing"], ["character classes", "quantifiers", "capture groups", "anchors", "lookahead"]],
    ["Debugging With Breakpoints", "debugging", ["debugging", "tools"], ["breakpoints", "stack trace", "watch expressions", "stepping through", "logging"]],
    ["Writing Readable Code", "readable code", ["clean code", "style"], ["naming", "small functions", "comments", "code review", "consistency"]],
    ["Learning Python as a Second Language", "learning python", ["python", "languages"], ["list comprehensions", "virtual environments", "indentation", "pip", "duck typing"]],
  ],
  Sewing: [
    ["Threading a Sewing Machine", "threading a sewing machine", ["sewing machines", "basics"], ["bobbin", "tension discs", "needle eye", "presser foot", "thread guide"]],
    ["Sewing Your First Tote Bag", "tote bag", ["projects", "beginners"], ["canvas", "straps", "boxed corners", "lining", "seam allowance"]],
    ["Hemming Trousers by Hand", "hemming trousers", ["alterations", "hand sewing"], ["blind hem", "pressing", "pins", "inseam", "slip stitch"]],
    ["Reading a Sewing Pattern", "sewing patterns", ["patterns", "dressmaking"], ["grainline", "notches", "size chart", "cutting layout", "tracing paper"]],
    ["Quilting for Absolute Beginners", "quilting", ["quilting", "patchwork"], ["fat quarters", "rotary cutter", "quarter inch seam", "batting", "binding"]],
    ["Mending Clothes With Visible Darning", "visible mending", ["mending", "sustainability"], ["darning mushroom", "sashiko", "patches", "elbows", "embroidery thread"]],
    ["Installing an Invisible Zip", "invisible zip", ["zips", "techniques"], ["zipper foot", "coil", "basting", "matching seams", "pressing"]],
    ["Choosing Fabric for Dressmaking", "choosing fabric", ["fabric", "dressmaking"], ["drape", "cotton lawn", "viscose", "pre washing", "stretch"]],
    ["Using an Overlocker", "overlocker", ["serger", "finishing"], ["differential feed", "looper threads", "rolled hem", "knife", "seam finish"]],
    ["Knitting Your First Scarf", "knitting a scarf", ["knitting", "yarn"], ["garter stitch", "casting on", "chunky yarn", "tension square", "casting off"]],
  ],
  Camping: [
    ["Pitching a Tent in the Rain", "pitching a tent", ["tents", "wet weather"], ["flysheet first", "groundsheet", "guy lines", "pegs", "condensation"]],
    ["Choosing a Sleeping Bag", "sleeping bag", ["sleep", "gear"], ["comfort rating", "down fill", "synthetic", "liner", "mummy shape"]],
    ["Cooking on a Camp Stove", "camp stove", ["camp cooking", "stoves"], ["gas canister", "windshield", "one pot meals", "simmer control", "fuel"]],
    ["Building a Safe Campfire", "campfire", ["fire", "safety"], ["fire ring", "kindling", "tinder", "extinguishing", "fire bans"]],
    ["Wild Camping Etiquette", "wild camping", ["wild camping", "ethics"], ["arrive late leave early", "small groups", "landowner", "no trace", "bothy"]],
    ["Keeping Food Away From Bears", "bear safety", ["wildlife", "safety"], ["bear canister", "food hang", "cooking away from camp", "scented items", "bear spray"]],
    ["Car Camping With All the Comforts", "car camping", ["car camping", "family"], ["air mattress", "camp kitchen", "cool box", "awning", "campsite booking"]],
    ["Camping in Winter", "winter camping", ["winter", "cold weather"], ["insulated mat", "four season tent", "hot water bottle", "frozen boots", "snow stakes"]],
    ["Hammock Camping for Beginners", "hammock camping", ["hammocks", "sleep"], ["tree straps", "underquilt", "tarp", "sag angle", "bug net"]],
    ["Planning Meals for a Camping Trip", "camping meal plan", ["food", "planning"], ["dehydrated meals", "breakfast oats", "snacks", "cool box", "packing list"]],
  ],
  Birdwatching: [
    ["Choosing Binoculars for Birding", "binoculars", ["binoculars", "gear"], ["8x42", "field of view", "close focus", "eye relief", "waterproof"]],
    ["Identifying Birds by Song", "bird song", ["bird song", "identification"], ["dawn chorus", "mnemonics", "call notes", "apps", "spectrogram"]],
    ["Attracting Birds to Your Garden", "garden birds", ["garden birds", "feeders"], ["bird feeders", "sunflower hearts", "nest boxes", "bird bath", "cover"]],
    ["Watching Raptors in Flight", "raptors", ["raptors", "birds of prey"], ["buzzards", "kestrels", "wing shape", "thermals", "hovering"]],
    ["Keeping a Birding Notebook", "birding notebook", ["notes", "records"], ["field sketches", "tallies", "weather notes", "ebird", "first sightings"]],
    ["Seeing Migration in Spring", "spring migration", ["migration", "spring"], ["warblers", "headlands", "fallout", "swallows", "arrival dates"]],
    ["Photographing Birds Without Disturbing Them", "bird photography", ["photography", "ethics"], ["long lens", "hides", "nesting birds", "distance", "fieldcraft"]],
    ["Birding Along the Coast", "coastal birding", ["waders", "coast"], ["high tide roosts", "estuaries", "oystercatchers", "telescope", "mudflats"]],
    ["Owls and How to Find Them", "finding owls", ["owls", "night"], ["pellets", "dusk", "barn owls", "hooting", "roost sites"]],
    ["Counting Birds for Citizen Science", "bird counts", ["citizen science", "surveys"], ["transects", "breeding survey", "big garden birdwatch", "data", "volunteers"]],
  ],
  Aquariums: [
    ["Cycling a New Aquarium", "cycling a tank", ["nitrogen cycle", "setup"], ["ammonia", "nitrite", "beneficial bacteria", "test kit", "fishless cycle"]],
    ["Keeping Live Aquarium Plants", "aquarium plants", ["planted tanks", "plants"], ["root tabs", "co2", "substrate", "java fern", "lighting period"]],
    ["Choosing Fish for a Community Tank", "community tank", ["fish", "stocking"], ["tetras", "peaceful species", "bioload", "schooling", "tank mates"]],
    ["Doing Water Changes the Easy Way", "water changes", ["maintenance", "water quality"], ["gravel vacuum", "dechlorinator", "temperature matching", "weekly", "siphon"]],
    ["Treating Ich on Freshwater Fish", "ich", ["fish disease", "treatment"], ["white spots", "raising temperature", "quarantine", "medication", "parasite life cycle"]],
    ["Setting Up a Shrimp Tank", "shrimp tank", ["shrimp", "nano tanks"], ["cherry shrimp", "moss", "sponge filter", "molting", "biofilm"]],
    ["Choosing an Aquarium Filter", "aquarium filter", ["filters", "equipment"], ["canister filter", "hang on back", "flow rate", "filter media", "sponge"]],
    ["Aquascaping With Rocks and Wood", "aquascaping", ["aquascaping", "design"], ["driftwood", "seiryu stone", "iwagumi", "hardscape", "focal point"]],
    ["Keeping a Betta Fish Happy", "betta fish", ["betta", "fish care"], ["heater", "gentle flow", "fin rot", "bubble nest", "solitary"]],
    ["Going on Holiday With an Aquarium", "holiday fish care", ["holidays", "feeding"], ["automatic feeder", "fish sitter", "fasting", "timers", "pre holiday water change"]],
  ],
};

const OPENINGS = [
  (t: Filled) =>
    `${cap(t.phrase)} is one of those subjects that looks simple until you try it. In this guide we look at ${t.w[0]}, ${t.w[1]} and ${t.w[2]}, and at the mistakes that cost beginners the most time.`,
  (t: Filled) =>
    `Readers ask us about ${t.phrase} more than almost anything else this season. The short answer: get ${t.w[0]} right, keep an eye on ${t.w[1]}, and do not worry too much about ${t.w[2]} at first.`,
  (t: Filled) =>
    `We spent the last few months testing everything we could find about ${t.phrase}. These are the tips that survived: ${t.w[0]}, ${t.w[1]}, and a little patience with ${t.w[2]}.`,
];
const MIDDLES = [
  (t: Filled) =>
    `Start with ${t.w[0]}. Most people who struggle with ${t.phrase} skipped this step, and it decides how much ${t.w[3]} you need later. Take your time here; it is the part of the job that pays back every week after.`,
  (t: Filled) =>
    `The first thing to understand is ${t.w[0]}. It sounds like a detail, but it shapes everything else, from ${t.w[3]} to how often you have to start again. Write down what you do, so you can see what changed when something goes wrong.`,
  (t: Filled) =>
    `Think of ${t.w[0]} as the foundation. If it is wrong, no amount of ${t.w[3]} will rescue the result. A good routine is to check it at the start, make one change at a time, and note the outcome.`,
];
const DETAILS = [
  (t: Filled) =>
    `Next comes ${t.w[1]}. A little ${t.w[4]} goes a long way, and you will learn more from a few careful attempts than from reading another ten articles. Keep the equipment simple until you know what you actually miss.`,
  (t: Filled) =>
    `Once that is settled, turn to ${t.w[1]} and ${t.w[4]}. Beginners tend to overdo both; start with less than you think, watch what happens over a week or two, and adjust from there.`,
  (t: Filled) =>
    `Then there is ${t.w[1]}. Experienced people disagree about it, which usually means several approaches work. Try one for a month before you judge it, and pay attention to ${t.w[4]} along the way.`,
];
const CLOSINGS = [
  (t: Filled) =>
    `Finally, ${t.w[2]}. Once it is part of your routine, ${t.phrase} becomes a habit rather than a project. ${t.category}: there is plenty more on the blog for the rest of the year.`,
  (t: Filled) =>
    `That leaves ${t.w[2]}, which is where practice matters most. Give it a season and you will wonder why ${t.phrase} ever seemed hard. Browse the ${t.category} section for related guides.`,
  (t: Filled) =>
    `Last of all, remember ${t.w[2]}. Nobody gets everything right the first time, and ${t.phrase} is forgiving as long as you keep going. More ${t.category.toLowerCase()} tips are on the way.`,
];

type Filled = { phrase: string; w: readonly string[]; category: string };

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const slugOf = (title: string) =>
  title.toLowerCase().replace(/['’]/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");

export interface FixturePost {
  title: string;
  slug: string;
  category: string;
  tags: string[];
  /** HTML, four paragraphs. */
  content: string;
}

/** The 200 posts of the blog, in a fixed order. */
export function fixturePosts(): FixturePost[] {
  const posts: FixturePost[] = [];
  let n = 0;
  for (const [category, topics] of Object.entries(CATEGORIES)) {
    for (const [title, phrase, tags, w] of topics) {
      const filled = { phrase, w, category };
      const paragraphs = [OPENINGS[n % 3], MIDDLES[(n + 1) % 3], DETAILS[(n + 2) % 3], CLOSINGS[n % 3]].map((template) =>
        `<p>${template(filled)}</p>`
      );
      posts.push({ title, slug: slugOf(title), category, tags: [...tags], content: paragraphs.join("\n") });
      n++;
    }
  }
  return posts;
}

export interface FixtureArticle {
  title: string;
  focusKeyword: string;
  /** HTML. */
  content: string;
  /** The slug of the post this article should link to most. */
  expectedSlug: string;
}

/**
 * New articles, each on a subject next to one existing post (the expected
 * target), mentioning it as an article would, and touching on other posts'
 * subjects in passing.
 */
export const FIXTURE_ARTICLES: readonly FixtureArticle[] = [
  {
    title: "Worm Bins for a Balcony Garden",
    focusKeyword: "worm bin",
    expectedSlug: slugOf("How to Start a Compost Heap"),
    content:
      "<p>Not everyone has room for a compost heap, but a worm bin fits on the smallest balcony. Tiger worms turn kitchen scraps into rich castings faster than any heap, and they do not smell if you keep the moisture right.</p>" +
      "<p>Feed them little and often, bury the scraps under a layer of shredded cardboard, and harvest the castings every few months. If your worms are struggling, the same rules as for a compost heap apply: balance wet green waste with dry brown material.</p>" +
      "<p>The castings are wonderful for tomatoes in pots, and a handful lifts tired raised beds in spring.</p>",
  },
  {
    title: "Planning a Vegetable Plot on Heavy Clay",
    focusKeyword: "clay soil vegetable garden",
    expectedSlug: slugOf("Building Raised Garden Beds"),
    content:
      "<p>Heavy clay stays wet all winter and sets like concrete in summer. The quickest fix is to stop digging it and build raised beds on top: a frame of untreated larch, good drainage underneath and fresh topsoil inside.</p>" +
      "<p>Raised beds warm up earlier in spring, so you can sow a fortnight before the neighbours. Keep the beds narrow enough to reach the middle without stepping on the soil.</p>" +
      "<p>Between the beds, lay bark paths, and add a little garlic along the edges for the winter.</p>",
  },
  {
    title: "Sourdough Pizza for Beginners",
    focusKeyword: "sourdough pizza",
    expectedSlug: slugOf("Keeping a Sourdough Starter Alive"),
    content:
      "<p>If you already keep a sourdough starter, pizza is the easiest thing to bake with it. Feed the starter the night before so it is lively, mix a dough with strong flour, water and salt, and let it ferment slowly in the fridge.</p>" +
      "<p>A healthy starter gives the crust its blistered, slightly sour character. If yours smells of acetone or has a layer of hooch on top, give it a couple of feeds with rye flour before you use it.</p>" +
      "<p>Stretch the dough by hand, bake it as hot as your oven goes, and keep the toppings simple: tomato, mozzarella and a little olive oil.</p>",
  },
  {
    title: "Cold Brew Tonic for Summer Afternoons",
    focusKeyword: "coffee tonic",
    expectedSlug: slugOf("Making Cold Brew Concentrate"),
    content:
      "<p>Coffee and tonic sounds odd until you try it. The trick is a smooth cold brew concentrate: steep coarse grounds overnight in a mason jar, strain it, and keep it in the fridge for up to a week.</p>" +
      "<p>Pour tonic over plenty of ice, then float a shot of the cold brew on top. Dilution matters here; the concentrate is strong, so start with less than you think.</p>" +
      "<p>A slice of orange finishes it. Espresso works too, but cold brew is gentler with the bitterness of the tonic.</p>",
  },
  {
    title: "A Week by Train From Paris to Vienna",
    focusKeyword: "train travel europe",
    expectedSlug: slugOf("Taking the Night Train Across Europe"),
    content:
      "<p>Flying from Paris to Vienna takes two hours; the train takes a week if you let it. We stopped in Strasbourg, Munich and Salzburg, and finished with the night train, booking a sleeper cabin rather than a couchette.</p>" +
      "<p>An Interrail pass made the day trains simple, but night trains need a reservation, and the cabins sell out weeks ahead in summer.</p>" +
      "<p>Pack light: stairs, narrow corridors and luggage racks are not kind to big suitcases.</p>",
  },
  {
    title: "Three Days on the Pennine Way in Autumn",
    focusKeyword: "pennine way",
    expectedSlug: slugOf("Navigating With Map and Compass"),
    content:
      "<p>The Pennine Way crosses open moorland where the path disappears in cloud. Phone signal is patchy, so carry a paper map and compass and know how to use them: take a bearing before the mist comes in, not after.</p>" +
      "<p>Contour lines tell you more than the path does up there. On the second day we followed a grid reference to a hidden spring, and a good bearing got us off Kinder in thick fog.</p>" +
      "<p>Break in your boots before you go, and pack for rain every day.</p>",
  },
  {
    title: "Commuting Through a Wet Winter",
    focusKeyword: "winter bike commute",
    expectedSlug: slugOf("Commuting to Work by Bike"),
    content:
      "<p>Bike commuting in winter is mostly about kit. Full mudguards keep the road spray off your back, bright lights front and rear matter from October, and waterproof panniers keep your work clothes dry.</p>" +
      "<p>Plan a route with bike lanes and fewer puddles, and leave ten minutes earlier on icy mornings. A shower at work is a luxury, but a towel and a change of socks will do.</p>" +
      "<p>Clean the chain every week: salt eats drivetrains.</p>",
  },
  {
    title: "From Your First 10K to a Half Marathon",
    focusKeyword: "half marathon plan",
    expectedSlug: slugOf("Training for a Marathon"),
    content:
      "<p>Stepping up from 10K to a half marathon is mostly about the long run. Add a kilometre or two each week, keep most runs at an easy pace, and include one tempo run to get used to race pace.</p>" +
      "<p>The plan looks a lot like marathon training in miniature: a long run, a taper in the last ten days, and a little carb loading before race day.</p>" +
      "<p>New running shoes should be worn in well before the race, not on the morning of it.</p>",
  },
  {
    title: "Photographing City Lights After Dark",
    focusKeyword: "night city photography",
    expectedSlug: slugOf("Long Exposure Photography at Night"),
    content:
      "<p>Cities come alive after dark, and a long exposure turns traffic into ribbons of light. Set the camera on a tripod, use a remote shutter or the self-timer, and start around ten seconds at a low ISO.</p>" +
      "<p>Light trails look best from a bridge or a footpath above a busy junction. In bulb mode you can keep the shutter open for a whole traffic light cycle.</p>" +
      "<p>Shoot in RAW so you can fix the white balance of the street lamps later.</p>",
  },
  {
    title: "Keeping the Bathroom Free of Mould",
    focusKeyword: "bathroom mould",
    expectedSlug: slugOf("Regrouting Bathroom Tiles"),
    content:
      "<p>Black mould in the shower usually starts in the grout. Clean it with a mould spray first; if the stains are deep in the joints, regrouting the tiles is the only lasting fix.</p>" +
      "<p>Rake out the old grout, press in fresh grout with a float, let it cure properly and finish with a fresh bead of sealant along the bath.</p>" +
      "<p>After that, ventilation does the rest: run the extractor fan, and open a window after a shower.</p>",
  },
  {
    title: "Making a Cutting Board From Offcuts",
    focusKeyword: "end grain cutting board",
    expectedSlug: slugOf("Gluing Up Panels Without Gaps"),
    content:
      "<p>A cutting board is a good first project for hardwood offcuts. Joint the edges flat, arrange the strips so the colours alternate, and glue up the panel with bar clamps and cauls to keep it flat.</p>" +
      "<p>Watch the open time of your glue: have everything ready before the first strip is coated. Scrape off the squeeze out once it turns rubbery.</p>" +
      "<p>Finish with a food-safe oil and reapply it every few weeks.</p>",
  },
  {
    title: "Getting Out of Your Overdraft for Good",
    focusKeyword: "overdraft",
    expectedSlug: slugOf("Paying Off Credit Card Debt"),
    content:
      "<p>An overdraft feels like part of your account, but it is debt, often at a worse interest rate than a credit card. Treat it the same way: list what you owe, and pay more than the minimum payments every month.</p>" +
      "<p>If you also carry credit card debt, choose between the avalanche method, highest interest first, and the snowball method, smallest balance first.</p>" +
      "<p>Once you are out, start an emergency fund so that the next surprise bill does not send you back.</p>",
  },
  {
    title: "The Two-Year-Old Bedtime Battle",
    focusKeyword: "two year old bedtime",
    expectedSlug: slugOf("Getting a Toddler to Sleep"),
    content:
      "<p>Around two, many children start fighting bedtime. A predictable bedtime routine is the strongest tool you have: bath, pyjamas, two books, lights out, the same order every night.</p>" +
      "<p>Blackout blinds help in summer, and so does dropping to one nap at the right time. Night waking usually settles once the routine holds for a couple of weeks; consistency matters more than any single trick.</p>" +
      "<p>Expect tantrums about it at first, and stay calm.</p>",
  },
  {
    title: "Walking a Reactive Dog",
    focusKeyword: "reactive dog",
    expectedSlug: slugOf("Stopping a Dog Pulling on the Lead"),
    content:
      "<p>A reactive dog lunges and barks at other dogs, and the lead makes it worse: tension travels straight down it. Start by teaching a loose lead at home, with high value treats and a harness instead of a collar.</p>" +
      "<p>When your dog starts pulling towards a trigger, stop and wait, then reward the moment the lead goes slack. Keep your distance from other dogs while you build this.</p>" +
      "<p>A reliable recall helps too, but work on it in quiet places first.</p>",
  },
  {
    title: "Training Your Back at Home",
    focusKeyword: "back workout at home",
    expectedSlug: slugOf("Your First Pull-Up"),
    content:
      "<p>A strong back needs pulling, and the pull-up is the king of pulling exercises. If you cannot do one yet, hang a bar in a doorway and practise dead hangs, scapular pulls and slow negatives.</p>" +
      "<p>Resistance bands take some of your weight while you build strength; use thinner bands as the weeks go by.</p>" +
      "<p>Add rows and face pulls for the upper back, and a few kettlebell swings for the posterior chain.</p>",
  },
  {
    title: "Playing Your First Blues Solo",
    focusKeyword: "blues solo",
    expectedSlug: slugOf("Learning the Pentatonic Scale"),
    content:
      "<p>Every blues solo you have heard leans on one scale: the minor pentatonic. Learn the first box shape, add the blue note, and you can improvise over a twelve-bar backing track the same evening.</p>" +
      "<p>Bends give the pentatonic scale its voice. Start with half-step bends on the second string and check them against the fretted note.</p>" +
      "<p>Keep your strumming hand relaxed and record yourself; it is the quickest way to hear what to fix.</p>",
  },
  {
    title: "Finding Slow Queries in a Web App",
    focusKeyword: "slow sql queries",
    expectedSlug: slugOf("Indexing a Postgres Database"),
    content:
      "<p>When a page gets slow, the database is the usual suspect. Log the slowest statements, then run EXPLAIN ANALYZE on them: a sequential scan over a big table is the classic sign of a missing index.</p>" +
      "<p>Database indexes are not free, so add them where the query plan shows they help, and prefer one composite index over several single-column ones when queries filter on the same columns.</p>" +
      "<p>Write a unit test around the query so the fix stays fixed.</p>",
  },
  {
    title: "Upcycling Old Jeans Into a Bag",
    focusKeyword: "denim bag",
    expectedSlug: slugOf("Sewing Your First Tote Bag"),
    content:
      "<p>Old jeans make a sturdy tote bag. Cut two rectangles from the legs, sew them right sides together with a generous seam allowance, and box the corners so the bag stands up.</p>" +
      "<p>Use the waistband for straps, and add a cotton lining if you want pockets inside. A denim needle and a longer stitch length make the thick seams easier.</p>" +
      "<p>Patch any holes first with a little visible mending.</p>",
  },
  {
    title: "Our First Night Under Canvas in October",
    focusKeyword: "autumn camping",
    expectedSlug: slugOf("Choosing a Sleeping Bag"),
    content:
      "<p>Autumn camping is quiet and beautiful, but the nights are cold. The sleeping bag matters more than the tent: check its comfort rating, not the extreme one, and add a liner for a few extra degrees.</p>" +
      "<p>Down fill packs small and warm; synthetic keeps some warmth when damp. A mummy shape wastes less heat than a rectangle.</p>" +
      "<p>Pitch the tent before dark, and cook a hot meal on the camp stove before bed.</p>",
  },
  {
    title: "Why Are My Tank's Fish Gasping at the Surface?",
    focusKeyword: "fish gasping at surface",
    expectedSlug: slugOf("Cycling a New Aquarium"),
    content:
      "<p>Fish gasping at the surface of a new aquarium usually means ammonia. If the tank was not cycled, the beneficial bacteria that turn ammonia into nitrite and then nitrate are not there yet.</p>" +
      "<p>Test the water with a liquid test kit; if ammonia or nitrite shows, change half the water at once and keep testing daily. Next time, do a fishless cycle before any fish go in.</p>" +
      "<p>Check the filter is running, and that water changes use a dechlorinator.</p>",
  },
];
